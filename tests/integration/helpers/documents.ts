import { readdir } from "node:fs/promises";
import { eq } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { organiserDocuments, organisers } from "../../../server/db/schema";
import { documentsFolder } from "../../../server/storage/documents";
import type { TestClient } from "./app";
import { multipartFile } from "./events";

/** What POST /api/account/documents answers with (dates as JSON strings). */
export type StoredDocument = { id: string; fileName: string; mimeType: string; bytes: number; createdAt: string };

/** POST /api/account/documents with one file; the declared name and type are the client's, the server ignores them. */
export async function uploadDocumentVia(client: TestClient, data: Buffer, options: { filename?: string; contentType?: string } = {}) {
  const body = multipartFile(data, { filename: options.filename ?? "document.pdf", contentType: options.contentType ?? "application/pdf" });
  return client.request({ method: "POST", url: "/api/account/documents", headers: body.headers, payload: body.payload });
}

/** GET /api/account/documents/{id}. */
export async function downloadDocumentVia(client: TestClient, id: string) {
  return client.request({ method: "GET", url: `/api/account/documents/${id}` });
}

/** Every document row and file: a refused upload or delete must leave both unchanged. */
export async function storedDocuments(db: Db, uploadDir: string) {
  const rows = await db.select({ id: organiserDocuments.id }).from(organiserDocuments);
  const files = await readdir(documentsFolder(uploadDir)).catch(() => [] as string[]);
  return { rows: rows.map((r) => r.id).sort(), files: files.sort() };
}

/** An organiser's verification columns. */
export async function verificationOf(db: Db, organiserId: string) {
  const [row] = await db
    .select({ state: organisers.verificationState, note: organisers.verificationNote, reviewedAt: organisers.verificationReviewedAt })
    .from(organisers)
    .where(eq(organisers.id, organiserId));
  return row!;
}
