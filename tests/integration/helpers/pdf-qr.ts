import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { deflateSync } from "node:zlib";
import { decodePDFRawStream, PDFArray, type PDFDocument, PDFRawStream } from "pdf-lib";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";
import { pngChunk } from "./events";

/**
 * Reading the QR codes drawn on PDF pages back, for tests: the page's content stream is parsed
 * for the black filled squares the renderer draws (orders/tickets-pdf-parts.ts drawQr: one
 * square per dark module, all in one filled path), they are put back into the module matrix,
 * the matrix is turned into a bitmap and ZXing (the same reader the door's scanner uses,
 * zxing-wasm) decodes it. So a test proves what a scanner would read from the printed code, not
 * what the renderer meant to draw. `readPngQr` reads a page rendered to pixels (MuPDF) instead.
 */

type Square = { x: number; y: number; size: number };

/** The decoded content streams of a page (pdf-lib writes them flate-compressed). */
function pageOperators(doc: PDFDocument, index: number): string {
  const contents = doc.getPage(index).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
  return streams
    .map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString("latin1") : ""))
    .join("\n");
}

/**
 * Black filled squares of a page: drawQr fills one black path of squares, `q 0 0 0 rg x y w w re
 * … f Q`. Anything else (text, lines, images, other fills, rectangles that are not square) is skipped.
 */
function blackSquares(ops: string): Square[] {
  const squares: Square[] = [];
  for (const path of ops.matchAll(/(?:^|\n)0 0 0 rg\n((?:[\d.-]+ [\d.-]+ [\d.]+ [\d.]+ re\n)+)f\n/g)) {
    for (const line of path[1]!.trimEnd().split("\n")) {
      const [x, y, w, h] = line.split(" ").map(Number) as [number, number, number, number];
      if (Math.abs(w - h) > 1e-6) continue;
      squares.push({ x, y, size: w });
    }
  }
  return squares;
}

/** The module matrix the squares form (true: dark), rows from the top. */
function moduleMatrix(squares: Square[]): boolean[][] {
  if (squares.length === 0) return [];
  const cell = squares[0]!.size;
  const minX = Math.min(...squares.map((s) => s.x));
  const maxX = Math.max(...squares.map((s) => s.x));
  const minY = Math.min(...squares.map((s) => s.y));
  const maxY = Math.max(...squares.map((s) => s.y));
  const n = Math.round((maxX - minX) / cell) + 1;
  if (Math.round((maxY - minY) / cell) + 1 !== n) throw new Error("the squares do not form a square code");
  const matrix = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (const s of squares) matrix[Math.round((maxY - s.y) / cell)]![Math.round((s.x - minX) / cell)] = true;
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
  const matrix = moduleMatrix(blackSquares(pageOperators(doc, index)));
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
