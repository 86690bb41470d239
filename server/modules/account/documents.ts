import { randomUUID } from "node:crypto";
import { createHash } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_COUNT } from "../../../shared/schemas/account";
import type { Db, DbOrTx } from "../../db/client";
import { organiserDocuments, organisers } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { detectDocumentKind, type DocumentKind } from "../../lib/document-type";
import { readDocumentFile, removeDocumentFile, writeDocumentFile } from "../../storage/documents";

/*
 * Verification (SPEC §4, decision 013): none -> in_review -> verified | rejected -> in_review.
 * Uploading a document is the submission: "uploaded and in review". A verified organiser's
 * documents stay as the record of what was verified (no upload, no delete: ALREADY_VERIFIED).
 * Deleting the last document of a profile in review takes it back to none; a rejected profile
 * stays rejected (with its reason) until a new upload.
 */

const EXTENSIONS: Record<DocumentKind["extension"], string[]> = {
  pdf: ["pdf"],
  doc: ["doc"],
  docx: ["docx"],
  jpg: ["jpg", "jpeg"],
};

/** The organiser's file name for display and download: no path, no control or quote characters, the right extension. */
export function cleanDocumentName(name: string | undefined, kind: DocumentKind): string {
  const base = (name ?? "").split(/[/\\]/).pop()!;
  let clean = base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, "").trim().slice(0, 120) || "document";
  const extension = clean.includes(".") ? clean.split(".").pop()!.toLowerCase() : "";
  if (!EXTENSIONS[kind.extension].includes(extension)) clean = `${clean}.${kind.extension}`;
  return clean;
}

/** The organiser's row, locked: uploads and deletes of one organiser take turns (count limit, state). */
async function lockOrganiser(tx: DbOrTx, organiserId: string) {
  const [row] = await tx
    .select({ verificationState: organisers.verificationState })
    .from(organisers)
    .where(eq(organisers.id, organiserId))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

const documentColumns = {
  id: organiserDocuments.id,
  fileName: organiserDocuments.fileName,
  mimeType: organiserDocuments.mimeType,
  bytes: organiserDocuments.bytes,
  createdAt: organiserDocuments.createdAt,
};

/** Options of uploadDocument. */
export type UploadDocumentOptions = {
  organiserId: string;
  uploadDir: string;
  /** The name the file had on the organiser's computer (display only). */
  fileName: string | undefined;
  data: Buffer;
};

/**
 * Stores a verification document recognised by its content and puts the profile in review
 * (from none or rejected). Refused files leave neither a row nor a file behind.
 */
export async function uploadDocument(db: Db, options: UploadDocumentOptions) {
  if (options.data.length > DOCUMENT_MAX_BYTES) throw new AppError("UPLOAD_TOO_LARGE");
  const kind = await detectDocumentKind(options.data);
  if (!kind) throw new AppError("INVALID_DOCUMENT");
  const id = randomUUID();
  // File first, row second: a crash leaves at most an unreferenced file, never a row without one.
  await writeDocumentFile(options.uploadDir, id, options.data);
  try {
    return await db.transaction(async (tx) => {
      const organiser = await lockOrganiser(tx, options.organiserId);
      if (organiser.verificationState === "verified") throw new AppError("ALREADY_VERIFIED");
      const [existing] = await tx
        .select({ n: count() })
        .from(organiserDocuments)
        .where(eq(organiserDocuments.organiserId, options.organiserId));
      if (existing!.n >= DOCUMENT_MAX_COUNT) throw new AppError("DOCUMENT_LIMIT");
      const [row] = await tx
        .insert(organiserDocuments)
        .values({
          id,
          organiserId: options.organiserId,
          fileName: cleanDocumentName(options.fileName, kind),
          mimeType: kind.mimeType,
          bytes: options.data.length,
          sha256: createHash("sha256").update(options.data).digest("hex"),
        })
        .returning(documentColumns);
      if (organiser.verificationState !== "in_review") {
        await tx.update(organisers).set({ verificationState: "in_review" }).where(eq(organisers.id, options.organiserId));
      }
      return row!;
    });
  } catch (err) {
    await removeDocumentFile(options.uploadDir, id);
    throw err;
  }
}

/** Options of deleteDocument. */
export type DeleteDocumentOptions = { organiserId: string; uploadDir: string; documentId: string };

/** Deletes one of the organiser's documents (not once verified); the last one gone takes a review back to none. */
export async function deleteDocument(db: Db, options: DeleteDocumentOptions) {
  const state = await db.transaction(async (tx) => {
    const organiser = await lockOrganiser(tx, options.organiserId);
    if (organiser.verificationState === "verified") throw new AppError("ALREADY_VERIFIED");
    const deleted = await tx
      .delete(organiserDocuments)
      .where(and(eq(organiserDocuments.id, options.documentId), eq(organiserDocuments.organiserId, options.organiserId)))
      .returning({ id: organiserDocuments.id });
    if (deleted.length === 0) throw new AppError("NOT_FOUND");
    const [left] = await tx
      .select({ n: count() })
      .from(organiserDocuments)
      .where(eq(organiserDocuments.organiserId, options.organiserId));
    if (organiser.verificationState === "in_review" && left!.n === 0) {
      await tx.update(organisers).set({ verificationState: "none" }).where(eq(organisers.id, options.organiserId));
      return "none" as const;
    }
    return organiser.verificationState;
  });
  // After the commit: a crash here leaves an unreferenced file, never a row without its file.
  await removeDocumentFile(options.uploadDir, options.documentId);
  return { verificationState: state };
}

/** The documents tab: the verification state, the rejection's reason and the documents. */
export async function getDocumentsOverview(db: DbOrTx, organiserId: string) {
  const [organiser] = await db
    .select({
      verificationState: organisers.verificationState,
      verificationNote: organisers.verificationNote,
      verificationReviewedAt: organisers.verificationReviewedAt,
    })
    .from(organisers)
    .where(eq(organisers.id, organiserId))
    .limit(1);
  if (!organiser) throw new AppError("NOT_FOUND");
  const documents = await listDocuments(db, organiserId);
  return {
    verificationState: organiser.verificationState,
    // The reason belongs to the rejection; once a new upload is in review it is history.
    rejectionReason: organiser.verificationState === "rejected" ? organiser.verificationNote : null,
    reviewedAt: organiser.verificationReviewedAt,
    documents,
  };
}

/** An organiser's documents, oldest first. */
export async function listDocuments(db: DbOrTx, organiserId: string) {
  return db
    .select(documentColumns)
    .from(organiserDocuments)
    .where(eq(organiserDocuments.organiserId, organiserId))
    .orderBy(asc(organiserDocuments.createdAt), asc(organiserDocuments.id));
}

/** Who asks for a document's file: the admin sees any, anybody else only its own organiser's. */
export type DocumentReader = { kind: "admin" } | { kind: "organiser"; organiserId: string };

/** A document's row and bytes for its download; NOT_FOUND for a document the reader may not see. */
export async function readDocument(db: DbOrTx, uploadDir: string, options: { documentId: string; reader: DocumentReader }) {
  const [row] = await db
    .select({ ...documentColumns, organiserId: organiserDocuments.organiserId })
    .from(organiserDocuments)
    .where(eq(organiserDocuments.id, options.documentId))
    .limit(1);
  // Another organiser's document is "not found", not "forbidden": its existence is not told.
  if (!row || (options.reader.kind === "organiser" && row.organiserId !== options.reader.organiserId)) {
    throw new AppError("NOT_FOUND");
  }
  return { ...row, data: await readDocumentFile(uploadDir, row.id) };
}
