/**
 * Budgets for what one request may make the server create (decision 010). The client shows
 * them; the server checks them before writing anything.
 */

/**
 * Seat inventory is one row per seat and date, so a small request (a big plan on many dates)
 * can mean millions of rows. An unverified organiser cannot sell anyway: it gets enough to try
 * the editor on a real hall; a verified one gets the biggest plan the editor allows.
 */
export const INVENTORY_BUDGETS = {
  unverified: { seatsPerPlan: 5_000, seatDatesPerEvent: 20_000 },
  verified: { seatsPerPlan: 150_000, seatDatesPerEvent: 1_000_000 },
} as const;

export type InventoryBudget = { seatsPerPlan: number; seatDatesPerEvent: number };

export function inventoryBudget(isVerified: boolean): InventoryBudget {
  return isVerified ? INVENTORY_BUDGETS.verified : INVENTORY_BUDGETS.unverified;
}

/**
 * Pixel caps of uploaded images: a small PNG can decode to gigabytes in every browser that
 * shows it. The event image is recommended at 2160x1080 (SPEC §9); the stadium image must be at
 * least 2000x2000.
 */
export const IMAGE_PIXEL_LIMITS = {
  event_image: { maxWidth: 8000, maxHeight: 8000, maxPixels: 32_000_000 },
  stadium_image: { maxWidth: 10_000, maxHeight: 10_000, maxPixels: 64_000_000 },
  /** Shown at most a few hundred pixels wide on the public profile. */
  organiser_logo: { maxWidth: 4000, maxHeight: 4000, maxPixels: 16_000_000 },
  /**
   * Printed a few centimetres wide on tickets (600 px is 300 dpi at 5 cm) and embedded in every
   * ticket PDF: 4000 px a side, 8 megapixels at most.
   */
  sponsor_logo: { maxWidth: 4000, maxHeight: 4000, maxPixels: 8_000_000 },
} as const;

/** The organiser's logo (profile tab): JPEG or PNG, like the sponsors' logos under 5 MB (SPEC §9). */
export const ORGANISER_LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** Sponsors' logos of an event or season (SPEC §9): at most 4, JPEG or PNG under 5 MB. */
export const SPONSOR_LOGO_LIMIT = 4;
export const SPONSOR_LOGO_MAX_BYTES = 5 * 1024 * 1024;
