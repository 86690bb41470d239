import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../server/db/schema";
import { emptyPermissionSet } from "../../shared/permissions";
import type { TestApp, TestClient } from "./helpers/app";
import { signedInTeamMember, type UploadResult } from "./helpers/events";
import { storedUploads, setUpUploadTestApp } from "./helpers/uploads";
import { createTemplateVia, makeJpegHeader, makeSolidPng, smallLayout, templateRow, uploadStadiumImage } from "./helpers/stadiums";

/** POST /api/uploads/stadium-image: JPG, PNG or SVG, at least 2000 × 2000 px, at most 5 MB (SPEC §9). */

const MB = 1024 * 1024;

const env = setUpUploadTestApp("stadium-uploads-");
let t: TestApp;
let uploadDir: string;
let client: TestClient;
let organiserId: string;

beforeAll(() => {
  ({ t, uploadDir, client, organiserId } = env);
});

const storedState = () => storedUploads(env);

async function expectRefused(data: Buffer, status: number, options: Parameters<typeof uploadStadiumImage>[2] = {}) {
  const before = await storedState();
  const res = await uploadStadiumImage(client, data, options);
  expect(res.statusCode).toBe(status);
  expect(await storedState()).toEqual(before);
  return res;
}

/** A PNG padded after IEND (decoders ignore trailing bytes) to exactly `bytes`. */
function pngOfSize(bytes: number): Buffer {
  const png = makeSolidPng(2000, 2000);
  return Buffer.concat([png, Buffer.alloc(bytes - png.length, 0x20)]);
}

const svg = (attrs: string, body = '<rect x="0" y="0" width="100" height="100" fill="#336699"/>') =>
  Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ${attrs}>${body}</svg>`);

describe("PNG and JPEG", () => {
  it("a solid-colour PNG of 2000 × 2000 (a few KB) is accepted as a stadium_image and served back", async () => {
    const png = makeSolidPng(2000, 2000);
    expect(png.length).toBeLessThan(50_000);
    const before = await storedState();
    const res = await uploadStadiumImage(client, png, { filename: "plan.png" });
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadResult>();
    expect(body).toMatchObject({ width: 2000, height: 2000, mimeType: "image/png", bytes: png.length });
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row).toMatchObject({ organiserId, kind: "stadium_image", width: 2000, height: 2000, mimeType: "image/png" });
    const after = await storedState();
    expect(after.rows).toBe(before.rows + 1);
    expect(after.files).toHaveLength(before.files.length + 1);

    const get = await t.client().request({ method: "GET", url: `/uploads/${body.id}` });
    expect(get.statusCode).toBe(200);
    expect(get.headers["content-type"]).toMatch(/^image\/png/);
    expect(get.rawPayload.equals(png)).toBe(true);

    // It can be the background of a template.
    const templateId = await createTemplateVia(client, { ...smallLayout(), backgroundUploadId: body.id });
    expect((await templateRow(t.database.db, templateId))!.layout.backgroundUploadId).toBe(body.id);
  });

  it("a larger, non-square PNG is accepted", async () => {
    const res = await uploadStadiumImage(client, makeSolidPng(3000, 2000));
    expect(res.statusCode).toBe(201);
    expect(res.json<UploadResult>()).toMatchObject({ width: 3000, height: 2000 });
  });

  it.each([
    [1999, 2000],
    [2000, 1999],
    [100, 100],
  ])("a PNG of %i × %i is 400 INVALID_UPLOAD and nothing is stored", async (w, h) => {
    const res = await expectRefused(makeSolidPng(w, h), 400);
    expect(res.json()).toEqual({ error: "INVALID_UPLOAD" });
  });

  it("a PNG of exactly 5 MB is accepted", async () => {
    const png = pngOfSize(5 * MB);
    const res = await uploadStadiumImage(client, png);
    expect(res.statusCode).toBe(201);
    expect(res.json<UploadResult>()).toMatchObject({ width: 2000, height: 2000, bytes: 5 * MB });
  });

  it.each([
    ["5 MB + 1 byte", 5 * MB + 1],
    ["8 MB (below the event-image limit)", 8 * MB],
    ["11 MB", 11 * MB],
  ])("a PNG of %s is 413 and nothing is stored", async (_label, bytes) => {
    await expectRefused(pngOfSize(bytes), 413);
  });

  it("a JPEG renamed .png (and sent as image/png) is checked by its content and stored as a JPEG", async () => {
    const jpeg = makeJpegHeader(2400, 2000);
    const res = await uploadStadiumImage(client, jpeg, { filename: "plan.png", contentType: "image/png" });
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadResult>();
    expect(body).toMatchObject({ width: 2400, height: 2000, mimeType: "image/jpeg" });
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row!.fileName.endsWith(".jpg")).toBe(true);
    const get = await t.client().request({ method: "GET", url: `/uploads/${body.id}` });
    expect(get.headers["content-type"]).toMatch(/^image\/jpeg/);
  });

  it("a too-small JPEG renamed .png is INVALID_UPLOAD", async () => {
    await expectRefused(makeJpegHeader(2000, 1500), 400, { filename: "plan.png", contentType: "image/png" });
  });

  it("a PNG named .svg is stored as a PNG", async () => {
    const res = await uploadStadiumImage(client, makeSolidPng(2000, 2000), { filename: "plan.svg", contentType: "image/svg+xml" });
    expect(res.statusCode).toBe(201);
    expect(res.json<UploadResult>().mimeType).toBe("image/png");
  });

  it.each([
    ["a PDF", Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n")],
    ["a GIF", Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64")],
    ["text", Buffer.from("just some text")],
  ])("%s named .png is 400 INVALID_UPLOAD", async (_label, data) => {
    await expectRefused(data, 400);
  });
});

describe("SVG", () => {
  it("an SVG of 2000 × 2000 is accepted and stored without scripts, handlers or external references", async () => {
    const hostile = svg(
      'width="2000" height="2000" onload="alert(1)"',
      [
        "<script>alert(document.cookie)</script>",
        '<script xlink:href="https://evil.example/x.js"/>',
        "<style>@import url(https://evil.example/s.css);</style>",
        '<rect id="seat" x="10" y="10" width="20" height="20" fill="#ff0000" onclick="steal()" onmouseover="steal()"/>',
        '<image href="https://evil.example/track.png" width="10" height="10"/>',
        '<use xlink:href="https://evil.example/sprite.svg#a"/>',
        '<use href="//evil.example/sprite.svg#b"/>',
        '<use href="data:image/svg+xml;base64,PHN2Zy8+"/>',
        '<a href="javascript:alert(1)"><text x="5" y="5">Stage</text></a>',
        '<foreignObject width="10" height="10"><iframe src="https://evil.example/"></iframe></foreignObject>',
        '<circle cx="50" cy="50" r="10" style="fill: url(https://evil.example/p.svg#p)"/>',
        '<use href="#seat"/>',
      ].join(""),
    );
    const res = await uploadStadiumImage(client, hostile, { filename: "plan.svg", contentType: "image/svg+xml" });
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadResult>();
    expect(body).toMatchObject({ width: 2000, height: 2000, mimeType: "image/svg+xml" });

    const get = await t.client().request({ method: "GET", url: `/uploads/${body.id}` });
    expect(get.statusCode).toBe(200);
    expect(get.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    const csp = String(get.headers["content-security-policy"]);
    expect(csp).toContain("sandbox");
    expect(csp).toContain("default-src 'none'");
    expect(get.headers["x-content-type-options"]).toBe("nosniff");

    const stored = get.body;
    expect(body.bytes).toBe(Buffer.byteLength(stored));
    expect(stored).not.toMatch(/<script/i);
    expect(stored).not.toMatch(/<style/i);
    expect(stored).not.toMatch(/\son[a-z]+\s*=/i);
    expect(stored).not.toMatch(/onload/i);
    expect(stored).not.toMatch(/javascript:/i);
    expect(stored).not.toMatch(/evil\.example/);
    expect(stored).not.toMatch(/data:/i);
    expect(stored).not.toMatch(/<foreignObject|<iframe|<image/i);
    // The drawing itself and internal references survive.
    expect(stored).toMatch(/<svg[^>]*width="2000"/);
    expect(stored).toMatch(/<rect[^>]*fill="#ff0000"/);
    expect(stored).toContain('href="#seat"');
    expect(stored).toContain("Stage");

    // The file on disk is the sanitised one.
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(await readFile(path.join(uploadDir, row!.fileName), "utf8")).toBe(stored);
  });

  it("external references in presentation attributes (fill, mask, clip-path url()) are dropped too", async () => {
    const res = await uploadStadiumImage(
      client,
      svg(
        'width="2000" height="2000"',
        '<rect width="10" height="10" fill="url(https://evil.example/a.svg#p)"/><rect width="5" height="5" mask="url(https://evil.example/m.svg#m)" clip-path="url(https://evil.example/c.svg#c)"/>',
      ),
      { filename: "plan.svg", contentType: "image/svg+xml" },
    );
    expect(res.statusCode).toBe(201);
    const get = await t.client().request({ method: "GET", url: `/uploads/${res.json<UploadResult>().id}` });
    expect(get.body).not.toMatch(/evil\.example/);
  });

  it("case-sensitive SVG names survive sanitising (viewBox, linearGradient, clipPath)", async () => {
    const res = await uploadStadiumImage(
      client,
      svg(
        'width="2000" height="2000" viewBox="0 0 2000 2000" preserveAspectRatio="xMidYMid meet"',
        '<defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff"/></linearGradient><clipPath id="c"><rect width="10" height="10"/></clipPath></defs><rect width="100" height="100" fill="url(#g)" clip-path="url(#c)"/>',
      ),
      { filename: "plan.svg", contentType: "image/svg+xml" },
    );
    expect(res.statusCode).toBe(201);
    const stored = (await t.client().request({ method: "GET", url: `/uploads/${res.json<UploadResult>().id}` })).body;
    expect(stored).toContain('viewBox="0 0 2000 2000"');
    expect(stored).toContain('preserveAspectRatio="xMidYMid meet"');
    expect(stored).toContain("<linearGradient");
    expect(stored).toContain('gradientUnits="userSpaceOnUse"');
    expect(stored).toContain("<clipPath");
  });

  it.each([
    ["1999 × 2000", 'width="1999" height="2000"'],
    ["2000 × 1000", 'width="2000" height="1000"'],
  ])("an SVG of %s is 400 INVALID_UPLOAD", async (_label, attrs) => {
    const res = await expectRefused(svg(attrs), 400, { filename: "plan.svg", contentType: "image/svg+xml" });
    expect(res.json()).toEqual({ error: "INVALID_UPLOAD" });
  });

  it("an SVG over 5 MB is 413", async () => {
    const big = svg('width="2000" height="2000"', `<desc>${"x".repeat(5 * MB)}</desc>`);
    await expectRefused(big, 413, { filename: "plan.svg", contentType: "image/svg+xml" });
  });
});

describe("who may upload", () => {
  it("anonymous is 401", async () => {
    const before = await storedState();
    expect((await uploadStadiumImage(t.client(), makeSolidPng(2000, 2000))).statusCode).toBe(401);
    expect(await storedState()).toEqual(before);
  });

  it("a team member without seatingPlansUpdate is 403 (event rights and seatingPlansView do not suffice)", async () => {
    const member = await signedInTeamMember(t, organiserId, {
      ...emptyPermissionSet(),
      seatingPlansView: true,
      createEvent: true,
      updateEvent: true,
    });
    const before = await storedState();
    const res = await uploadStadiumImage(member.client, makeSolidPng(2000, 2000));
    expect(res.statusCode).toBe(403);
    expect(await storedState()).toEqual(before);
  });

  it("a team member with seatingPlansUpdate uploads for the organiser", async () => {
    const member = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), seatingPlansUpdate: true });
    const res = await uploadStadiumImage(member.client, makeSolidPng(2000, 2000));
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, res.json<UploadResult>().id));
    expect(row).toMatchObject({ organiserId, kind: "stadium_image" });
  });
});
