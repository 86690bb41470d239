import { describe, expect, it } from "vitest";
import { IMAGE_PIXEL_LIMITS } from "../../shared/limits";
import { makePng, pngChunk, uploadImage } from "./helpers/events";
import { makeJpegHeader, uploadStadiumImage } from "./helpers/stadiums";
import { setUpUploadTestApp, storedUploads } from "./helpers/uploads";

/**
 * Issue 12 item 8: a 20000x20000 PNG was accepted as an event image. Its file is small (the
 * pixels compress to nothing), but every browser showing it decodes 1.6 GB. Bitmaps are capped
 * in pixels per side and in total (shared/limits.ts).
 */

const env = setUpUploadTestApp("upload-dimensions-");

/** A PNG whose header claims `width` x `height` (what the server reads), with one tiny IDAT. */
function pngClaiming(width: number, height: number): Buffer {
  const real = makePng(2, 2);
  const ihdr = Buffer.from(real.subarray(16, 29));
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  return Buffer.concat([real.subarray(0, 8), pngChunk("IHDR", ihdr), real.subarray(33)]);
}

const EVENT = IMAGE_PIXEL_LIMITS.event_image;
const STADIUM = IMAGE_PIXEL_LIMITS.stadium_image;

describe("pixel caps of uploaded images", () => {
  it("the issue's 20000x20000 PNG is refused as an event image (400 IMAGE_TOO_LARGE), nothing stored", async () => {
    const before = await storedUploads(env);
    const res = await uploadImage(env.client, pngClaiming(20_000, 20_000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "IMAGE_TOO_LARGE" });
    expect(await storedUploads(env)).toEqual(before);
  });

  it.each([
    ["one pixel too wide", EVENT.maxWidth + 1, 100],
    ["one pixel too high", 100, EVENT.maxHeight + 1],
    ["within both sides but too many pixels", EVENT.maxWidth, Math.floor(EVENT.maxPixels / EVENT.maxWidth) + 1],
  ])("an event image %s is refused", async (_label, width, height) => {
    const before = await storedUploads(env);
    const res = await uploadImage(env.client, makeJpegHeader(width, height), { filename: "x.jpg", contentType: "image/jpeg" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "IMAGE_TOO_LARGE" });
    expect(await storedUploads(env)).toEqual(before);
  });

  it("an event image at the caps and the recommended 2160x1080 are accepted", async () => {
    const atCap = await uploadImage(env.client, makeJpegHeader(EVENT.maxWidth, EVENT.maxPixels / EVENT.maxWidth), {
      filename: "x.jpg",
      contentType: "image/jpeg",
    });
    expect(atCap.statusCode).toBe(201);
    expect((await uploadImage(env.client, pngClaiming(2160, 1080))).statusCode).toBe(201);
  });

  it("a stadium image has its own, larger caps above its 2000x2000 minimum", async () => {
    const tooWide = await uploadStadiumImage(env.client, makeJpegHeader(STADIUM.maxWidth + 1, 2000), { filename: "x.jpg", contentType: "image/jpeg" });
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json()).toEqual({ error: "IMAGE_TOO_LARGE" });
    const fits = await uploadStadiumImage(env.client, makeJpegHeader(STADIUM.maxWidth, 2000), { filename: "x.jpg", contentType: "image/jpeg" });
    expect(fits.statusCode).toBe(201);
  });

  it("an SVG's nominal size is not capped (it is drawn at the size shown)", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"><rect width="10" height="10"/></svg>');
    const res = await uploadStadiumImage(env.client, svg, { filename: "plan.svg", contentType: "image/svg+xml" });
    expect(res.statusCode).toBe(201);
  });
});
