import { fileTypeFromBuffer } from "file-type";
import { imageSize } from "image-size";
import type { DocumentMimeType } from "../../shared/schemas/account";

/** A verification document's kind as its content shows it, with the extension a download gets. */
export type DocumentKind = { mimeType: DocumentMimeType; extension: "pdf" | "doc" | "docx" | "jpg" };

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const CFB_FREE_OR_END = 0xfffffffa; // sector numbers from here up are markers, not sectors

/**
 * Whether a Compound File (MS-CFB, what `file-type` calls "cfb") holds a Word document: a stream
 * named "WordDocument" in its directory. Excel sheets, MSI installers, encrypted OOXML and
 * Outlook items are compound files too, and are not.
 */
export function isWordCompoundFile(data: Buffer): boolean {
  if (data.length < 512 || !data.subarray(0, 8).equals(CFB_SIGNATURE)) return false;
  const major = data.readUInt16LE(0x1a);
  const shift = data.readUInt16LE(0x1e);
  if (!((major === 3 && shift === 9) || (major === 4 && shift === 12))) return false;
  const sectorSize = 1 << shift;
  const sectorCount = Math.floor((data.length - sectorSize) / sectorSize) + 1;
  const sector = (n: number) => {
    const start = (n + 1) * sectorSize;
    return start + sectorSize <= data.length ? data.subarray(start, start + sectorSize) : null;
  };
  // The FAT's sectors are listed in the header (109 of them cover far more than 5 MB).
  const fatSectorCount = data.readUInt32LE(0x2c);
  if (fatSectorCount === 0 || fatSectorCount > 109) return false;
  const fat: number[] = [];
  for (let i = 0; i < fatSectorCount; i++) {
    const fatSector = sector(data.readUInt32LE(0x4c + i * 4));
    if (!fatSector) return false;
    for (let o = 0; o < sectorSize; o += 4) fat.push(fatSector.readUInt32LE(o));
  }
  // Walk the directory's chain; a cycle or an out-of-range sector means a broken file.
  let next = data.readUInt32LE(0x30);
  for (let steps = 0; next < CFB_FREE_OR_END; steps++) {
    const dir = steps < sectorCount ? sector(next) : null;
    if (!dir) return false;
    for (let o = 0; o + 128 <= sectorSize; o += 128) {
      const nameBytes = dir.readUInt16LE(o + 64);
      const type = dir[o + 66];
      if (type !== 2 || nameBytes < 2 || nameBytes > 64) continue;
      const name = dir.toString("utf16le", o, o + nameBytes - 2);
      if (name === "WordDocument") return true;
    }
    next = fat[next] ?? CFB_FREE_OR_END;
  }
  return false;
}

/** The names in a zip's central directory; null when the zip's end record cannot be read. */
export function zipEntryNames(data: Buffer): string[] | null {
  const minEnd = Math.max(0, data.length - 22 - 0xffff);
  for (let end = data.length - 22; end >= minEnd; end--) {
    if (data.readUInt32LE(end) !== 0x06054b50) continue;
    const count = data.readUInt16LE(end + 10);
    const offset = data.readUInt32LE(end + 16);
    const names: string[] = [];
    let at = offset;
    for (let i = 0; i < count; i++) {
      if (at + 46 > data.length || data.readUInt32LE(at) !== 0x02014b50) return null;
      const nameLength = data.readUInt16LE(at + 28);
      const rest = nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
      if (at + 46 + nameLength > data.length) return null;
      names.push(data.toString("utf8", at + 46, at + 46 + nameLength));
      at += 46 + rest;
    }
    return names;
  }
  return null;
}

/** "%PDF-" at the start and "%%EOF" in the last kilobyte, as readers expect of a PDF. */
function isPdf(data: Buffer): boolean {
  return data.subarray(0, 5).toString("latin1") === "%PDF-" && data.subarray(-1024).includes("%%EOF", 0, "latin1");
}

function isJpegImage(data: Buffer): boolean {
  try {
    const info = imageSize(data);
    return info.type === "jpg" && info.width > 0 && info.height > 0;
  } catch {
    return false;
  }
}

/**
 * What a verification document is by its CONTENT (SPEC §9: PDF, Doc, Docx, JPEG), never by its
 * name or declared type; null for anything else. `file-type` recognises the container; the checks
 * it lacks are added here: a Doc is a compound file with a WordDocument stream, a Docx a zip
 * with word/document.xml, a PDF ends with %%EOF, a JPEG has a frame with a size.
 */
export async function detectDocumentKind(data: Buffer): Promise<DocumentKind | null> {
  const detected = await fileTypeFromBuffer(data).catch(() => undefined);
  switch (detected?.ext) {
    case "pdf":
      return isPdf(data) ? { mimeType: "application/pdf", extension: "pdf" } : null;
    case "jpg":
      return isJpegImage(data) ? { mimeType: "image/jpeg", extension: "jpg" } : null;
    case "docx":
      return zipEntryNames(data)?.includes("word/document.xml")
        ? { mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" }
        : null;
    case "cfb":
      return isWordCompoundFile(data) ? { mimeType: "application/msword", extension: "doc" } : null;
    default:
      return null;
  }
}
