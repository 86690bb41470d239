import type { FastifyError, FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";
import { httpStatusOf } from "../trpc/error-codes";

/** Codes for the framework's own refusals (a body too large, malformed JSON, ...). */
const CODE_OF_STATUS: Record<number, string> = {
  404: "NOT_FOUND",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "TOO_MANY_REQUESTS",
};

/**
 * The one error handler of the plain HTTP routes (uploads, payments, the dev mail, the
 * activation link): an AppError answers with its status and `{ error: code }`, as over tRPC;
 * Fastify's own 4xx keep their status; anything else is a 500 that says nothing of the
 * internals and is logged here, once.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfter) reply.header("retry-after", String(err.retryAfter));
      return reply.code(httpStatusOf(err.code)).send({ error: err.code });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send({ error: CODE_OF_STATUS[status] ?? "BAD_REQUEST" });
    req.log.error({ err, url: req.url, method: req.method }, "request failed");
    return reply.code(500).send({ error: "INTERNAL" });
  });
}
