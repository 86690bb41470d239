import { randomUUID } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { imageSize } from "image-size";
import { IMAGE_PIXEL_LIMITS, ORGANISER_LOGO_MAX_BYTES, SPONSOR_LOGO_MAX_BYTES } from "../../shared/limits";
import type { DbOrTx } from "../db/client";
import { uploads } from "../db/schema";
import { sanitizeSvg } from "../lib/sanitize";
import { AppError } from "../lib/app-error";

/** Upload kinds and their limits (SPEC §9). */
export const UPLOAD_RULES = {
  event_image: { maxBytes: 10 * 1024 * 1024, types: ["jpg", "png"], minWidth: 1, minHeight: 1 },
  stadium_image: { maxBytes: 5 * 1024 * 1024, types: ["jpg", "png", "svg"], minWidth: 2000, minHeight: 2000 },
  organiser_logo: { maxBytes: ORGANISER_LOGO_MAX_BYTES, types: ["jpg", "png"], minWidth: 16, minHeight: 16 },
  sponsor_logo: { maxBytes: SPONSOR_LOGO_MAX_BYTES, types: ["jpg", "png"], minWidth: 16, minHeight: 16 },
} as const;
export type UploadKind = keyof typeof UPLOAD_RULES;

const MIME: Record<string, string> = { jpg: "image/jpeg", png: "image/png", svg: "image/svg+xml" };

/**
 * Checks an uploaded file by its content (magic bytes and dimensions, never the file name),
 * stores it under `dir` and records it for the organiser.
 */
export async function storeImageUpload(
  db: DbOrTx,
  dir: string,
  options: { organiserId: string; kind: UploadKind; data: Buffer },
) {
  const rules = UPLOAD_RULES[options.kind];
  if (options.data.length > rules.maxBytes) throw new AppError("UPLOAD_TOO_LARGE");
  let info: { type?: string | undefined; width?: number | undefined; height?: number | undefined };
  try {
    info = imageSize(options.data);
  } catch {
    throw new AppError("INVALID_UPLOAD");
  }
  const type = info.type === "jpeg" ? "jpg" : info.type;
  let data = options.data;
  if (type === "svg") {
    // An SVG is a document: keep only drawing elements, never scripts or external references.
    data = Buffer.from(sanitizeSvg(options.data.toString("utf8")), "utf8");
  }
  if (!type || !(rules.types as readonly string[]).includes(type) || !info.width || !info.height) {
    throw new AppError("INVALID_UPLOAD");
  }
  if (info.width < rules.minWidth || info.height < rules.minHeight) throw new AppError("INVALID_UPLOAD");
  // A few KB of PNG can claim 20000x20000 pixels: 1.6 GB for every browser that decodes it.
  // An SVG's size is nominal (it is drawn at the size shown), so only bitmaps are capped.
  const caps = IMAGE_PIXEL_LIMITS[options.kind];
  if (type !== "svg" && (info.width > caps.maxWidth || info.height > caps.maxHeight || info.width * info.height > caps.maxPixels)) {
    throw new AppError("IMAGE_TOO_LARGE");
  }
  // File first, row second: a crash leaves at most an unreferenced file, never a row without one.
  const id = randomUUID();
  const fileName = `${id}.${type}`;
  const filePath = path.join(dir, fileName);
  await mkdir(dir, { recursive: true });
  await writeFile(filePath, data, { flag: "wx" });
  try {
    await db.insert(uploads).values({
      id,
      organiserId: options.organiserId,
      kind: options.kind,
      mimeType: MIME[type]!,
      width: info.width,
      height: info.height,
      bytes: data.length,
      fileName,
    });
  } catch (err) {
    await rm(filePath, { force: true });
    throw err;
  }
  return { id, width: info.width, height: info.height, mimeType: MIME[type]!, bytes: data.length };
}

export async function readUpload(db: DbOrTx, dir: string, id: string) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  if (!row) return null;
  return { mimeType: row.mimeType, data: await readFile(path.join(dir, row.fileName)) };
}
