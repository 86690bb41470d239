import type { IncomingMessage } from "node:http";
import fastifyCookie from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../deps";
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
  cookies: SessionCookies;
  /** Set for calls over a WebSocket. */
  socket?: CallSocket;
};

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
  extra: { ip: string; cookies: SessionCookies },
): Promise<Context> {
  const auth = token
    ? await validateSessionToken(deps.database.db, token, { inactivityDays: deps.config.SESSION_INACTIVITY_DAYS })
    : null;
  if (auth?.session.refreshed) extra.cookies.set(token!, auth.session.expiresAt);
  return { ...deps, auth, ip: extra.ip, cookies: extra.cookies };
}

function isFastifyRequest(req: FastifyRequest | IncomingMessage): req is FastifyRequest {
  return "raw" in req;
}

/** tRPC's createContext: `req` is a FastifyRequest over HTTP and the raw upgrade request over WebSocket. */
export function makeCreateContext(deps: AppDeps) {
  return async ({ req, res }: { req: FastifyRequest | IncomingMessage; res: FastifyReply | unknown }) => {
    if (isFastifyRequest(req)) {
      const reply = res as FastifyReply;
      return createContextFromToken(deps, req.cookies[SESSION_COOKIE], {
        ip: req.ip,
        cookies: {
          set: (token, expiresAt) => void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(deps, expiresAt)),
          clear: () => void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(deps)),
        },
      });
    }
    const cookies = fastifyCookie.parse(req.headers.cookie ?? "");
    // A WebSocket cannot set cookies: sessions are only read there.
    const ctx = await createContextFromToken(deps, cookies[SESSION_COOKIE], {
      ip: req.socket.remoteAddress ?? "unknown",
      cookies: { set: () => {}, clear: () => {} },
    });
    return { ...ctx, socket: res as CallSocket };
  };
}
