import { stat, readFile } from "node:fs/promises";
import path from "node:path";
import { JpegEmbedder, PDFDocument, PDFImage, PDFName, PDFRawStream, PDFRef, PngEmbedder, type PDFContext } from "pdf-lib";
import type { SponsorLogWarn } from "../print/sponsors";

/**
 * The pictures of the ticket PDFs (the organiser's logo, the event's image, the sponsors'
 * logos), decoded and compressed once per thread and reused by every PDF until they change.
 * Without this every PDF decoded the event's photo again and compressed its pixels again: a
 * 1600 x 900 PNG cost 180 ms of CPU per order (decision 034). The image (and its soft mask)
 * is kept as the PDF stream pdf-lib would write for it, and copied into each PDF as is: the
 * same bytes, so the page looks exactly the same.
 *
 * Uploads are never changed under their id (a new picture is a new upload), but a file can go
 * missing: each use looks at the file (stat) and reads it again when its size or time changed;
 * a missing file is left out with a warning, as before.
 */

/** An upload as the ticket query names it. */
export type PictureFile = { id: string; fileName: string; mimeType: string };

type Prepared = { width: number; height: number; image: PDFRawStream; mask: PDFRawStream | null; bytes: number };
type Entry = { path: string; mtimeMs: number; size: number; prepared: Promise<Prepared>; bytes: number };

/** At most this many pictures and bytes (compressed) per thread; the least recently used go first. */
export const PICTURE_CACHE = { entries: 64, bytes: 32 * 1024 * 1024 };

const cache = new Map<string, Entry>();

function trim(): void {
  let bytes = [...cache.values()].reduce((sum, e) => sum + e.bytes, 0);
  for (const [key, entry] of cache) {
    if (cache.size <= PICTURE_CACHE.entries && bytes <= PICTURE_CACHE.bytes) break;
    cache.delete(key);
    bytes -= entry.bytes;
  }
}

/** The picture as the PDF streams pdf-lib makes of it (a scratch document holds them). */
async function prepare(data: Uint8Array, mimeType: string): Promise<Prepared> {
  const embedder = mimeType === "image/png" ? await PngEmbedder.for(data) : await JpegEmbedder.for(data);
  const scratch = await PDFDocument.create({ updateMetadata: false });
  const ref = await embedder.embedIntoContext(scratch.context);
  const stream = (at: PDFRef): PDFRawStream => {
    const object = scratch.context.lookup(at);
    if (!(object instanceof PDFRawStream)) throw new Error("pdf-lib made no image stream");
    return object;
  };
  const image = stream(ref);
  const maskRef = image.dict.get(PDFName.of("SMask"));
  const mask = maskRef instanceof PDFRef ? stream(maskRef) : null;
  return { width: embedder.width, height: embedder.height, image, mask, bytes: image.contents.length + (mask?.contents.length ?? 0) };
}

/** The prepared picture of `file` (from the cache while its file is unchanged). Throws when the file cannot be read or decoded. */
async function prepared(uploadDir: string, file: PictureFile): Promise<Prepared> {
  const filePath = path.join(uploadDir, file.fileName);
  const info = await stat(filePath);
  const hit = cache.get(file.id);
  if (hit && hit.path === filePath && hit.mtimeMs === info.mtimeMs && hit.size === info.size) {
    cache.delete(file.id);
    cache.set(file.id, hit);
    return hit.prepared;
  }
  const entry: Entry = { path: filePath, mtimeMs: info.mtimeMs, size: info.size, bytes: 0, prepared: readFile(filePath).then((data) => prepare(data, file.mimeType)) };
  cache.set(file.id, entry);
  entry.prepared.then(
    (p) => {
      entry.bytes = p.bytes;
      trim();
    },
    () => {
      if (cache.get(file.id) === entry) cache.delete(file.id);
    },
  );
  return entry.prepared;
}

/** Puts a prepared picture into `pdf`: its streams copied under new references. */
async function place(pdf: PDFDocument, p: Prepared): Promise<PDFImage> {
  // pdf-lib takes only its own embedders: one of its PNG embedders' kind that copies the streams.
  const embedder = Object.assign(Object.create(PngEmbedder.prototype) as PngEmbedder, {
    width: p.width,
    height: p.height,
    embedIntoContext: async (context: PDFContext, ref?: PDFRef): Promise<PDFRef> => {
      const dict = p.image.dict.clone(context);
      if (p.mask) dict.set(PDFName.of("SMask"), context.register(PDFRawStream.of(p.mask.dict.clone(context), p.mask.contents)));
      const stream = PDFRawStream.of(dict, p.image.contents);
      if (!ref) return context.register(stream);
      context.assign(ref, stream);
      return ref;
    },
  });
  const image = PDFImage.of(pdf.context.nextRef(), pdf, embedder);
  // Embedded now: pdf-lib's save() embeds only the images it made itself.
  await image.embed();
  return image;
}

/**
 * An upload (PNG or JPEG) as an image of `pdf`; null without a file, or, with a warning, when
 * it is neither PNG nor JPEG, missing or unreadable: a ticket without its picture beats no
 * ticket. `what` names it in the warning ("event image", "sponsor logo"), `context` adds to it.
 */
export async function ticketPicture(
  pdf: PDFDocument,
  uploadDir: string,
  file: PictureFile | null,
  log: SponsorLogWarn,
  what: string,
  context: Record<string, unknown> = {},
): Promise<PDFImage | null> {
  if (!file) return null;
  if (file.mimeType !== "image/png" && file.mimeType !== "image/jpeg") {
    log.warn({ ...context, uploadId: file.id, mimeType: file.mimeType }, `${what} is not a PNG or JPEG: left out of the tickets`);
    return null;
  }
  try {
    return await place(pdf, await prepared(uploadDir, file));
  } catch (err) {
    log.warn({ ...context, err, uploadId: file.id }, `${what} unreadable: left out of the tickets`);
    return null;
  }
}

/** How many pictures this thread holds (tests). */
export function cachedPictures(): number {
  return cache.size;
}
