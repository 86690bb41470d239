import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { savePdf } from "../../server/lib/pdf-save";
import { drawQr, fittingChars, qrModules } from "../../server/modules/orders/tickets-pdf-parts";
import { readPageQr } from "../integration/helpers/pdf-qr";
import { cachedPictures, PICTURE_CACHE, ticketPicture } from "../../server/modules/orders/tickets-pdf-pictures";

/**
 * The ticket PDF made cheaper without changing what it shows (decisions 034 and 036): the QR
 * code's dark modules as each row's runs in module units, the page contents as pdf-lib's
 * deflate packed them, the code's lines split where measuring every length split them, and the
 * pictures prepared once, kept within bounds and read again when their file changes.
 */

const CODE = "T2.abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz0123456789AB.CDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnopqrstuvwxyz_-0123456789ABCDEFGHIJKLMNOPQRS";

/** Each page's decoded content. */
async function pageContents(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    return streams.map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString("latin1") : "")).join("\n");
  });
}

describe("the QR code", () => {
  const places: [number, number, number][] = [
    [371.28, 143.7, 190],
    [50.5, 200.25, 130],
    [10, 10, 120],
  ];

  it("fills each row's runs of dark modules in module units, scaled to its size at its place", async () => {
    const doc = await PDFDocument.create();
    for (const [x, y, size] of places) drawQr(doc.addPage(), CODE, x, y, size);
    const modules = qrModules(CODE);
    const n = modules.length;
    const pages = await pageContents(await savePdf(doc));
    for (const [i, [x, y, size]] of places.entries()) {
      const ops = pages[i]!.trim().split("\n");
      expect(ops.slice(0, 3)).toEqual(["q", `${size / n} 0 0 ${size / n} ${x} ${y} cm`, "0 0 0 rg"]);
      expect(ops.slice(-2)).toEqual(["f", "Q"]);
      const runs = ops.slice(3, -2).map((op) => {
        const m = /^(\d+) (\d+) (\d+) 1 re$/.exec(op);
        expect(m, op).not.toBeNull();
        return m!.slice(1).map(Number) as [number, number, number];
      });
      // Back into a matrix: exactly the code's dark modules, each run as long as it can be.
      const drawn = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
      for (const [c, r, w] of runs) {
        for (let k = c; k < c + w; k++) {
          expect(drawn[n - 1 - r]![k], `module ${n - 1 - r},${k} drawn twice`).toBe(false);
          drawn[n - 1 - r]![k] = true;
        }
        expect(modules[n - 1 - r]![c + w] ?? false, "a run stops before a dark module").toBe(false);
      }
      expect(drawn).toEqual(modules);
      expect(runs.length).toBeLessThan(modules.flat().filter(Boolean).length / 2);
      // ZXing reads the code back from the page.
      expect(await readPageQr(await PDFDocument.load(await savePdf(doc)), i)).toBe(CODE);
    }
  });

  it("is the standard's symbol for any ticket code: quiet zone cut off, ZXing reads it", async () => {
    for (const code of [CODE, "T2.x", `T2.${"A".repeat(40)}.${"z".repeat(90)}`]) {
      const modules = qrModules(code);
      expect(modules.every((row) => row.length === modules.length)).toBe(true);
      // The finder pattern's dark corner module and its light separator, top left.
      expect(modules[0]!.slice(0, 8)).toEqual([true, true, true, true, true, true, true, false]);
      const doc = await PDFDocument.create();
      drawQr(doc.addPage(), code, 20, 20, 200);
      expect(await readPageQr(await PDFDocument.load(await savePdf(doc)), 0)).toBe(code);
    }
  });
});

describe("the page contents", () => {
  it("are deflated as pdf-lib's deflate packed them", async () => {
    const [mine, reference] = [await PDFDocument.create(), await PDFDocument.create()];
    for (const doc of [mine, reference]) {
      const page = doc.addPage();
      drawQr(page, CODE, 40, 300, 190);
      page.drawText("Ticket", { x: 40, y: 700, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
    }
    const [a, b] = [await pageContents(await savePdf(mine)), await pageContents(await reference.save())];
    expect(a).toHaveLength(1);
    expect(a).toEqual(b);
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
