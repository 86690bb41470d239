import type { FastifyInstance, FastifyRequest } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Origins a browser request may come from: the public base URL and the host it was sent to. */
function allowedOrigins(req: FastifyRequest, publicBaseUrl: string): Set<string> {
  const origins = new Set([new URL(publicBaseUrl).origin]);
  const host = req.headers.host;
  if (host) {
    origins.add(`http://${host}`);
    origins.add(`https://${host}`);
  }
  return origins;
}

/**
 * CSRF defence (ARCHITECTURE "Auth and roles"): state changes need POST with a JSON body from
 * our own origin, and WebSocket upgrades must come from our origin too (browsers always send
 * Origin on both; a request without one is not from a browser page).
 */
export function registerSameOriginCheck(app: FastifyInstance, publicBaseUrl: string): void {
  app.addHook("onRequest", async (req, reply) => {
    const isUpgrade = req.headers.upgrade?.toLowerCase() === "websocket";
    if (SAFE_METHODS.has(req.method) && !isUpgrade) return;
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedOrigins(req, publicBaseUrl).has(origin)) {
      return reply.code(403).send({ error: "CROSS_ORIGIN" });
    }
    if (!isUpgrade && req.url.startsWith("/trpc") && !req.headers["content-type"]?.startsWith("application/json")) {
      return reply.code(415).send({ error: "UNSUPPORTED_MEDIA_TYPE" });
    }
  });
}
