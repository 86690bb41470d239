import { writeFileSync } from "node:fs";
import encodeQR from "qr";

/**
 * A Y4M video (what Chromium's fake camera plays: --use-file-for-fake-video-capture) showing one
 * QR code, black on white, for the camera scan of the check-in page.
 */
export function writeQrVideo(path: string, text: string, size = 480): void {
  const modules = encodeQR(text, "raw", { ecc: "medium", border: 4 });
  const n = modules.length;
  const cell = Math.floor(size / n);
  const offset = Math.floor((size - cell * n) / 2);
  const y = Buffer.alloc(size * size, 255);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!modules[r]![c]) continue;
      for (let dy = 0; dy < cell; dy++) y.fill(0, (offset + r * cell + dy) * size + offset + c * cell, (offset + r * cell + dy) * size + offset + (c + 1) * cell);
    }
  }
  const chroma = Buffer.alloc((size / 2) * (size / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
  writeFileSync(path, Buffer.concat([Buffer.from(`YUV4MPEG2 W${size} H${size} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]));
}
