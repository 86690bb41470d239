import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import {
  decodePDFRawStream,
  fill,
  PDFArray,
  PDFDocument,
  type PDFOperator,
  type PDFPage,
  PDFRawStream,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
  StandardFonts,
} from "pdf-lib";
import { encode } from "uqr";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { drawQr, fittingChars, savePdf } from "../../server/modules/orders/tickets-pdf-parts";
import { cachedPictures, PICTURE_CACHE, ticketPicture } from "../../server/modules/orders/tickets-pdf-pictures";

/**
 * The ticket PDF made cheaper without changing what it shows (decision 034): the QR code's
 * squares as pdf-lib's own operators wrote them, the page contents as pdf-lib's deflate packed
 * them, the code's lines split where measuring every length split them, and the pictures
 * prepared once, kept within bounds and read again when their file changes.
 */

const CODE = "T2.abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789AB.CDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz_-0123456789ABCDEFGHIJKLMNOPQRS";

/** drawQr as decision 029 wrote it: pdf-lib's `rectangle` per dark module. */
function referenceQr(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const qr = encode(text, { ecc: "M", border: 0 });
  const cell = size / qr.size;
  const squares: PDFOperator[] = [];
  for (let r = 0; r < qr.size; r++) for (let c = 0; c < qr.size; c++) if (qr.data[r]![c]) squares.push(rectangle(x + c * cell, y + size - (r + 1) * cell, cell, cell));
  page.pushOperators(pushGraphicsState(), setFillingRgbColor(0, 0, 0), ...squares, fill(), popGraphicsState());
}

/** Each page's decoded content. */
async function pageContents(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    return streams.map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString("latin1") : "")).join("\n");
  });
}

describe("the QR code and the page contents", () => {
  it("draw exactly what pdf-lib's operators and deflate drew", async () => {
    const [mine, reference] = [await PDFDocument.create(), await PDFDocument.create()];
    const places: [number, number, number][] = [
      [371.28, 143.7, 190],
      [50.5, 200.25, 130],
      [10, 10, 120],
    ];
    for (const [x, y, size] of places) {
      drawQr(mine.addPage(), CODE, x, y, size);
      referenceQr(reference.addPage(), CODE, x, y, size);
    }
    const ours = await savePdf(mine);
    const theirs = await reference.save();
    const [a, b] = [await pageContents(ours), await pageContents(theirs)];
    expect(a).toHaveLength(3);
    expect(a).toEqual(b);
    expect(a[0]!.match(/ re\n/g)!.length).toBeGreaterThan(500);
  });
});

describe("fittingChars", () => {
  it("splits the code where measuring every length did", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (const [size, width] of [
      [4.5, 190],
      [4.5, 245.6],
      [7, 60],
      [30, 5],
    ] as const) {
      for (let start = 0; start < CODE.length; start += 7) {
        let n = 1;
        while (start + n < CODE.length && font.widthOfTextAtSize(CODE.slice(start, start + n + 1), size) <= width) n++;
        expect(fittingChars(CODE, start, font, size, width), `${size} pt in ${width} from ${start}`).toBe(n);
      }
    }
  });
});

function png(width: number, height: number, rgb: number[]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set(rgb, y * (1 + width * 3) + 1 + x * 3);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr), chunk("IDAT", deflateSync(raw)), chunk("IEND", Buffer.alloc(0))]);
}

describe("ticket pictures", () => {
  let dir: string;
  const entries = PICTURE_CACHE.entries;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "ticket-pictures-"));
  });
  afterAll(async () => {
    PICTURE_CACHE.entries = entries;
    await rm(dir, { recursive: true, force: true });
  });
  const log = { warn: vi.fn() };
  const file = (id: string) => ({ id, fileName: `${id}.png`, mimeType: "image/png" });

  it("puts the same image into every PDF, reads a changed file again and keeps at most the bound", async () => {
    PICTURE_CACHE.entries = 2;
    for (const [id, side] of [["a", 20], ["b", 30], ["c", 40]] as const) await writeFile(path.join(dir, `${id}.png`), png(side, side, [200, 40, 60]));
    const streamOf = async (pdf: PDFDocument, id: string) => {
      const image = await ticketPicture(pdf, dir, file(id), log, "test picture");
      return { width: image!.width, bytes: Buffer.from((pdf.context.lookup(image!.ref) as PDFRawStream).contents) };
    };
    const first = await streamOf(await PDFDocument.create(), "a");
    const again = await streamOf(await PDFDocument.create(), "a");
    expect(again.width).toBe(20);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    // What pdf-lib makes of the file itself.
    const plain = await PDFDocument.create();
    const own = await plain.embedPng(png(20, 20, [200, 40, 60]));
    await plain.save();
    expect(Buffer.from((plain.context.lookup(own.ref) as PDFRawStream).contents).equals(first.bytes)).toBe(true);

    await streamOf(await PDFDocument.create(), "b");
    await streamOf(await PDFDocument.create(), "c");
    expect(cachedPictures()).toBe(2);

    // A new picture under the same name (another size): read again, not the kept one.
    await new Promise((r) => setTimeout(r, 20));
    await writeFile(path.join(dir, "c.png"), png(50, 25, [10, 10, 10]));
    expect((await streamOf(await PDFDocument.create(), "c")).width).toBe(50);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it("leaves a missing or foreign file out with a warning", async () => {
    const pdf = await PDFDocument.create();
    expect(await ticketPicture(pdf, dir, file("missing"), log, "event image")).toBeNull();
    expect(log.warn).toHaveBeenLastCalledWith(expect.objectContaining({ uploadId: "missing" }), "event image unreadable: left out of the tickets");
    expect(await ticketPicture(pdf, dir, { id: "gif", fileName: "x.gif", mimeType: "image/gif" }, log, "sponsor logo", { eventId: "e" })).toBeNull();
    expect(log.warn).toHaveBeenLastCalledWith(expect.objectContaining({ uploadId: "gif", eventId: "e" }), "sponsor logo is not a PNG or JPEG: left out of the tickets");
  });
});
