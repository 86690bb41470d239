import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { canActForOrganiser, type Permission } from "../../shared/permissions";
import type { AppDeps } from "../deps";
import { SESSION_COOKIE, validateSessionToken } from "../modules/auth/session";
import { readUpload, storeImageUpload, UPLOAD_RULES, type UploadKind } from "../storage/uploads";
import { AppError } from "../lib/app-error";

/** The session behind a plain HTTP route, checked with the same rule as organiserProcedure. */
export async function requireOrganiser(deps: AppDeps, req: FastifyRequest, permissions: Permission[]) {
  const token = req.cookies[SESSION_COOKIE];
  const auth = token ? await validateSessionToken(deps.database.db, token, { inactivityDays: deps.config.SESSION_INACTIVITY_DAYS }) : null;
  if (!auth) throw new AppError("UNAUTHENTICATED");
  if (!canActForOrganiser(auth.user, permissions)) throw new AppError("FORBIDDEN");
  return { organiserId: auth.user.organiserId!, userId: auth.user.id, locale: auth.user.locale };
}

/** POST /api/uploads/{event-image|stadium-image|organiser-logo|sponsor-logo} (multipart, one file) and GET /uploads/{id} (read-only). */
export async function registerUploads(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: { files: 1, fields: 0, fileSize: UPLOAD_RULES.event_image.maxBytes, parts: 1 },
    });
    const route = (url: string, kind: UploadKind, permissions: Permission[]) =>
      scope.post(url, async (req, reply) => {
        const who = await requireOrganiser(deps, req, permissions);
        const file = await req.file({ limits: { fileSize: UPLOAD_RULES[kind].maxBytes } });
        if (!file) throw new AppError("INVALID_UPLOAD");
        const data = await file.toBuffer().catch((err: unknown) => {
          throw new AppError("UPLOAD_TOO_LARGE", { cause: err });
        });
        const stored = await storeImageUpload(deps.database.db, deps.config.UPLOAD_DIR, { organiserId: who.organiserId, kind, data });
        return reply.code(201).send(stored);
      });
    route("/api/uploads/event-image", "event_image", ["createEvent", "updateEvent"]);
    route("/api/uploads/stadium-image", "stadium_image", ["seatingPlansUpdate"]);
    route("/api/uploads/organiser-logo", "organiser_logo", ["orgProfileAccess"]);
    route("/api/uploads/sponsor-logo", "sponsor_logo", ["printAreaAccess"]);
  });

  app.get("/uploads/:id", async (req, reply) => {
    const params = z.object({ id: z.uuid() }).safeParse(req.params);
    if (!params.success) return reply.code(404).send({ error: "NOT_FOUND" });
    const file = await readUpload(deps.database.db, deps.config.UPLOAD_DIR, params.data.id).catch(() => null);
    if (!file) return reply.code(404).send({ error: "NOT_FOUND" });
    if (file.mimeType === "image/svg+xml") {
      // Even a sanitised SVG opened directly must not run anything.
      reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    }
    return reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .type(file.mimeType)
      .send(file.data);
  });
}
