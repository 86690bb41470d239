import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Verification documents are private: they live in their own folder under UPLOAD_DIR, named by
 * their row id only. The public /uploads/{id} route reads the `uploads` table, never this folder.
 */
const DOCUMENTS_FOLDER = "private-documents";

function documentPath(uploadDir: string, id: string): string {
  return path.join(uploadDir, DOCUMENTS_FOLDER, id);
}

/** The folder of the documents (tests look into it to check nothing was left behind). */
export function documentsFolder(uploadDir: string): string {
  return path.join(uploadDir, DOCUMENTS_FOLDER);
}

export async function writeDocumentFile(uploadDir: string, id: string, data: Buffer): Promise<void> {
  await mkdir(documentsFolder(uploadDir), { recursive: true });
  await writeFile(documentPath(uploadDir, id), data, { flag: "wx" });
}

export async function readDocumentFile(uploadDir: string, id: string): Promise<Buffer> {
  return readFile(documentPath(uploadDir, id));
}

export async function removeDocumentFile(uploadDir: string, id: string): Promise<void> {
  await rm(documentPath(uploadDir, id), { force: true });
}
