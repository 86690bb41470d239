import type { PDFDocument, PDFImage, PDFPage } from "pdf-lib";
import type { SponsorLogWarn, SponsorLogo } from "./sponsors";

/**
 * Sponsors' logos on a ticket page (issue 20, SPEC §9), shared by the A4 e-tickets
 * (server/modules/orders/tickets-pdf.ts) and the hard tickets of print runs: embed once per
 * document with `embedSponsorLogos`, then draw on every page with `drawSponsorRow`.
 */

/**
 * Embeds the logos (PNG or JPEG) into `pdf`, in their order. A logo pdf-lib cannot read is left
 * out with a warning rather than failing the whole document.
 */
export async function embedSponsorLogos(pdf: PDFDocument, logos: SponsorLogo[], log: SponsorLogWarn = { warn: (obj, msg) => console.warn(msg, obj) }): Promise<PDFImage[]> {
  const images: PDFImage[] = [];
  for (const [index, logo] of logos.entries()) {
    try {
      images.push(logo.mimeType === "image/png" ? await pdf.embedPng(logo.data) : await pdf.embedJpg(logo.data));
    } catch (err) {
      log.warn({ err, index, mimeType: logo.mimeType }, "sponsor logo could not be embedded: left out");
    }
  }
  return images;
}

export type SponsorBox = { x: number; y: number; width: number; height: number };

/**
 * Draws the logos in one row inside `box` (PDF points, origin bottom left): the row is split
 * into equal slots with `gap` between them, each logo scaled to fit its slot keeping its aspect
 * ratio (never enlarged past `maxScale` of its pixel size, so a tiny logo does not turn into a
 * blur), centred in the slot. Returns how many were drawn (0 without logos or room).
 */
export function drawSponsorRow(page: PDFPage, logos: PDFImage[], box: SponsorBox, options: { gap?: number; maxScale?: number } = {}): number {
  const count = logos.length;
  if (count === 0 || box.width <= 0 || box.height <= 0) return 0;
  const gap = Math.min(options.gap ?? 12, box.width / (count * 4));
  const maxScale = options.maxScale ?? 1;
  const slot = (box.width - gap * (count - 1)) / count;
  for (const [index, logo] of logos.entries()) {
    const scale = Math.min(slot / logo.width, box.height / logo.height, maxScale);
    const width = logo.width * scale;
    const height = logo.height * scale;
    const slotX = box.x + index * (slot + gap);
    page.drawImage(logo, { x: slotX + (slot - width) / 2, y: box.y + (box.height - height) / 2, width, height });
  }
  return count;
}
