import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { canActForOrganiser } from "../../shared/permissions";
import { DOCUMENT_MAX_BYTES } from "../../shared/schemas/account";
import type { AppDeps } from "../deps";
import { AppError } from "../lib/app-error";
import { readDocument, uploadDocument, type DocumentReader } from "../modules/account/documents";
import { SESSION_COOKIE, validateSessionToken } from "../modules/auth/session";

/** The signed-in user behind a plain HTTP route (the session rule of the tRPC procedures). */
async function sessionUser(deps: AppDeps, req: FastifyRequest) {
  const token = req.cookies[SESSION_COOKIE];
  const auth = token ? await validateSessionToken(deps.database.db, token, { inactivityDays: deps.config.SESSION_INACTIVITY_DAYS }) : null;
  if (!auth) throw new AppError("UNAUTHENTICATED");
  return auth.user;
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Verification documents (decision 013): POST /api/account/documents (multipart, one file, the
 * organiser or a team member with orgProfileAccess) and GET /api/account/documents/{id}, the
 * file as a download for its organiser or an admin. Never served under the public /uploads/.
 */
export async function registerDocumentRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { limits: { files: 1, fields: 0, parts: 1, fileSize: DOCUMENT_MAX_BYTES } });
    scope.post("/api/account/documents", async (req, reply) => {
      const user = await sessionUser(deps, req);
      if (!canActForOrganiser(user, ["orgProfileAccess"])) throw new AppError("FORBIDDEN");
      const file = await req.file();
      if (!file) throw new AppError("INVALID_DOCUMENT");
      const data = await file.toBuffer().catch((err: unknown) => {
        throw new AppError("UPLOAD_TOO_LARGE", { cause: err });
      });
      const stored = await uploadDocument(deps.database.db, {
        organiserId: user.organiserId!,
        uploadDir: deps.config.UPLOAD_DIR,
        fileName: file.filename,
        data,
      });
      return reply.code(201).send(stored);
    });
  });

  app.get("/api/account/documents/:id", async (req, reply) => {
    const user = await sessionUser(deps, req);
    let reader: DocumentReader;
    if (user.role === "admin") reader = { kind: "admin" };
    else if (canActForOrganiser(user, ["orgProfileAccess"])) reader = { kind: "organiser", organiserId: user.organiserId! };
    else throw new AppError("FORBIDDEN");
    const params = z.object({ id: z.uuid() }).safeParse(req.params);
    if (!params.success) throw new AppError("NOT_FOUND");
    const document = await readDocument(deps.database.db, deps.config.UPLOAD_DIR, { documentId: params.data.id, reader });
    return reply
      .header("content-disposition", attachmentHeader(document.fileName))
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; sandbox")
      .header("cache-control", "private, no-store")
      .type(document.mimeType)
      .send(document.data);
  });
}
