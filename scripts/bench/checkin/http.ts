/** tRPC over HTTP for the check-in benchmark (superjson bodies, same-origin headers) and the staff sign-in. */
import { SESSION_COOKIE } from "../../../server/modules/auth/session";
import { PASSWORD } from "./config";

type TrpcAnswer<T> = { result?: { data: { json: T } }; error?: { json: { message: string; data?: { appCode?: string } } } };

export async function trpcCall<T>(base: string, path: string, opts: { cookie?: string; input?: unknown; mutation?: boolean }): Promise<{ data: T; res: Response; bytes: number }> {
  const headers: Record<string, string> = { origin: base };
  if (opts.cookie) headers.cookie = opts.cookie;
  let res: Response;
  if (opts.mutation) {
    res = await fetch(`${base}/trpc/${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ json: opts.input }) });
  } else {
    const query = opts.input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify({ json: opts.input }))}`;
    res = await fetch(`${base}/trpc/${path}${query}`, { headers });
  }
  const text = await res.text();
  const body = JSON.parse(text) as TrpcAnswer<T>;
  if (!body.result) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(body.error?.json ?? body)}`);
  return { data: body.result.data.json, res, bytes: Buffer.byteLength(text) };
}

export async function signIn(base: string, username: string): Promise<string> {
  const { res } = await trpcCall(base, "auth.agentLogin", { mutation: true, input: { username, password: PASSWORD } });
  const session = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error(`no session cookie for ${username}`);
  return session.split(";")[0]!;
}
