import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { deflateSync } from "node:zlib";
import { decodePDFRawStream, PDFArray, type PDFDocument, PDFRawStream } from "pdf-lib";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { pngChunk } from "./events";

/**
 * Reading the QR codes drawn on PDF pages back, for tests: the page's content stream is parsed
 * for the black filled path the renderer draws (orders/tickets-pdf-parts.ts drawQr: each row's
 * runs of dark modules, in module units), they are put back into the module matrix, the
 * matrix is turned into a bitmap and ZXing (the same reader the door's scanner uses,
 * zxing-wasm) decodes it. So a test proves what a scanner would read from the printed code, not
 * what the renderer meant to draw. `readPngQr` reads a page rendered to pixels (MuPDF) instead.
 */

/** The decoded content streams of a page (pdf-lib writes them flate-compressed). */
function pageOperators(doc: PDFDocument, index: number): string {
  const contents = doc.getPage(index).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  return streams
    .map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString("latin1") : ""))
    .join("\n");
}

/**
 * The module matrix (true: dark, rows from the top) of the QR code drawQr draws: one black
 * filled path in module units, `q s 0 0 s x y cm 0 0 0 rg`, then each row's runs of dark modules
 * as `column row length 1 re` (row 0 at the bottom), `f Q`. The matrix is as wide as the runs
 * reach: a QR code's finder patterns touch its first and last rows and columns. Empty when the
 * page draws no such path.
 */
function moduleMatrix(ops: string): boolean[][] {
  const path = /(?:^|\n)([\d.]+) 0 0 \1 [\d.-]+ [\d.-]+ cm\n0 0 0 rg\n((?:\d+ \d+ \d+ 1 re\n)+)f\n/.exec(ops);
  if (!path) return [];
  const runs = path[2]!.trimEnd().split("\n").map((line) => line.split(" ").map(Number) as [number, number, number, number]);
  const n = Math.max(...runs.map(([c, , w]) => c + w));
  if (Math.max(...runs.map(([, r]) => r)) + 1 !== n) throw new Error("the runs do not form a square code");
  const matrix = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (const [c, r, w] of runs) for (let i = c; i < c + w; i++) matrix[n - 1 - r]![i] = true;
  return matrix;
}

/** A greyscale PNG of the matrix: `scale` pixels a module, a quiet zone of 4 modules. */
function matrixPng(matrix: boolean[][], scale = 4): Uint8Array {
  const n = matrix.length;
  const side = (n + 8) * scale;
  const raw = Buffer.alloc(side * (side + 1), 255);
  for (let y = 0; y < side; y++) {
    raw[y * (side + 1)] = 0; // filter: none
    for (let x = 0; x < side; x++) {
      const r = Math.floor(y / scale) - 4;
      const c = Math.floor(x / scale) - 4;
      if (r >= 0 && c >= 0 && r < n && c < n && matrix[r]![c]) raw[y * (side + 1) + 1 + x] = 0;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // colour type: greyscale
  return new Uint8Array(
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk("IHDR", ihdr), pngChunk("IDAT", deflateSync(raw)), pngChunk("IEND", Buffer.alloc(0))]),
  );
}

let prepared = false;
/** ZXing's WebAssembly from node_modules (never fetched from a CDN). */
function prepareReader(): void {
  if (prepared) return;
  const require = createRequire(import.meta.url);
  const wasm = readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"));
  prepareZXingModule({ overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer } });
  prepared = true;
}

/** The text of the QR code drawn on page `index`, as ZXing reads it (null: no QR code found). */
export async function readPageQr(doc: PDFDocument, index: number): Promise<string | null> {
  const matrix = moduleMatrix(pageOperators(doc, index));
  if (matrix.length === 0) return null;
  prepareReader();
  const results = await readBarcodes(matrixPng(matrix), { formats: ["QRCode"], tryHarder: true });
  return results.find((r) => r.isValid)?.text ?? null;
}

export type PngQr = { text: string; corners: { x: number; y: number }[] };

/**
 * The QR codes ZXing finds in a rendered page (a PNG, e.g. from MuPDF), with their corners in
 * pixels (top left, top right, bottom right, bottom left): what a phone's camera would read.
 */
export async function readPngQr(png: Uint8Array): Promise<PngQr[]> {
  prepareReader();
  const results = await readBarcodes(png, { formats: ["QRCode"], tryHarder: true });
  return results
    .filter((r) => r.isValid)
    .map((r) => ({ text: r.text, corners: [r.position.topLeft, r.position.topRight, r.position.bottomRight, r.position.bottomLeft] }));
}

/** How many images (XObjects: logos, the event's image) page `index` draws. */
export function imagesDrawn(doc: PDFDocument, index: number): number {
  return (pageOperators(doc, index).match(/ Do\n/g) ?? []).length;
}
