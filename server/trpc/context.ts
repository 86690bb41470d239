import type { IncomingMessage } from "node:http";
import fastifyCookie from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../deps";
import { DEVICE_COOKIE, deviceCookieOptions, mintDevice, readDevice } from "../http/device";
import type { TrackedSocket } from "../realtime/sockets";
import { SESSION_COOKIE, type SessionInfo, type SessionUser, validateSessionToken } from "../modules/auth/session";

export type SessionCookies = {
  set: (token: string, expiresAt: Date) => void;
  clear: () => void;
};

/** The WebSocket a call arrived on (what the seat feed writes its deltas to directly). */
export type CallSocket = { readonly readyState: number; readonly bufferedAmount: number; send: (data: Buffer, options: { binary: boolean }) => void };

export type Context = AppDeps & {
  auth: { user: SessionUser; session: SessionInfo } | null;
  ip: string;
  /** The signed device cookie's id (shop pages set it), null without one: the hold limits' client. */
  device: string | null;
  cookies: SessionCookies;
  /** Set for calls over a WebSocket. */
  socket?: CallSocket;
  /**
   * Over a WebSocket: the session as it stands now. A socket outlives calls; its session may
   * end meanwhile (a logout or password reset, perhaps on another instance).
   */
  currentAuth?: () => Promise<Context["auth"]>;
};

/** A socket's session is read again on a call at most this often (another instance's logout takes effect within it). */
export const SOCKET_SESSION_RECHECK_MS = 2000;

export function sessionCookieOptions(deps: AppDeps, expires?: Date) {
  return {
    path: "/",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: deps.config.isProduction,
    ...(expires ? { expires } : {}),
  };
}

/** Builds the context of a call from the session cookie; the same for HTTP and WebSocket. */
export async function createContextFromToken(
  deps: AppDeps,
  token: string | undefined,
  extra: { ip: string; cookies: SessionCookies; device?: string | null },
): Promise<Context> {
  const auth = token
    ? await validateSessionToken(deps.database.db, token, { inactivityDays: deps.config.SESSION_INACTIVITY_DAYS })
    : null;
  if (auth?.session.refreshed) extra.cookies.set(token!, auth.session.expiresAt);
  return { ...deps, auth, ip: extra.ip, cookies: extra.cookies, device: extra.device ?? null };
}

function isFastifyRequest(req: FastifyRequest | IncomingMessage): req is FastifyRequest {
  return "raw" in req;
}

/** tRPC's createContext: `req` is a FastifyRequest over HTTP and the raw upgrade request over WebSocket. */
export function makeCreateContext(deps: AppDeps) {
  return async ({ req, res }: { req: FastifyRequest | IncomingMessage; res: FastifyReply | unknown }) => {
    if (isFastifyRequest(req)) {
      const reply = res as FastifyReply;
      const device = readDevice(deps.config.APP_SECRET, req.cookies[DEVICE_COOKIE]);
      if (!device && req.method === "GET" && /^\/trpc\/(?:[^?]*,)?shop\./.test(req.url)) {
        // The shop's pages load over HTTP before the seat map's socket opens, which then carries
        // the cookie. Only a client that sends it back has a device: a fresh one does not count
        // for the request that got it (a script ignoring cookies stays at the anonymous cap).
        const minted = mintDevice(deps.config.APP_SECRET);
        void reply.setCookie(DEVICE_COOKIE, minted.cookie, deviceCookieOptions(deps.config.isProduction));
      }
      return createContextFromToken(deps, req.cookies[SESSION_COOKIE], {
        ip: req.ip,
        device,
        cookies: {
          set: (token, expiresAt) => void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(deps, expiresAt)),
          clear: () => void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(deps)),
        },
      });
    }
    const cookies = fastifyCookie.parse(req.headers.cookie ?? "");
    const token = cookies[SESSION_COOKIE];
    // A WebSocket cannot set cookies: sessions and the device are only read there.
    const ctx = await createContextFromToken(deps, token, {
      ip: req.socket.remoteAddress ?? "unknown",
      device: readDevice(deps.config.APP_SECRET, cookies[DEVICE_COOKIE]),
      cookies: { set: () => {}, clear: () => {} },
    });
    if (!token || !ctx.auth) return { ...ctx, socket: res as CallSocket };
    // Ending the session closes the socket on this instance; every call checks it anew as well.
    deps.sockets.track(res as TrackedSocket, { sessionId: ctx.auth.session.id, userId: ctx.auth.user.id });
    let auth: Context["auth"] = ctx.auth;
    let checkedAt = Date.now();
    const currentAuth = async () => {
      if (auth && Date.now() - checkedAt >= SOCKET_SESSION_RECHECK_MS) {
        checkedAt = Date.now();
        auth = await validateSessionToken(deps.database.db, token, { inactivityDays: deps.config.SESSION_INACTIVITY_DAYS });
      }
      return auth;
    };
    return { ...ctx, socket: res as CallSocket, currentAuth };
  };
}
