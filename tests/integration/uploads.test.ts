import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { uploads } from "../../server/db/schema";
import { emptyPermissionSet } from "../../shared/permissions";
import { appCodeOf, type TestApp, type TestClient } from "./helpers/app";
import { createUser } from "./helpers/factories";
import { storedUploads, setUpUploadTestApp } from "./helpers/uploads";
import { attempt } from "./helpers/trpc";
import {
  createEventVia,
  eventRow,
  makePng,
  multipartFile,
  signedInTeamMember,
  signIn,
  type UploadResult,
  uploadImage,
} from "./helpers/events";

const env = setUpUploadTestApp("uploads-test-");
let t: TestApp;
let client: TestClient;
let organiserId: string;

beforeAll(() => {
  ({ t, client, organiserId } = env);
});

const storedState = () => storedUploads(env);

/** A JPEG header (SOI, APP0/JFIF, SOF0 with 8x6) followed by an end marker: enough for a content sniffer. */
function makeJpegHeader(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

describe("POST /api/uploads/event-image", () => {
  it("stores a real PNG: 201 with its size, a row, a file, served back at /uploads/{id}", async () => {
    const png = makePng(10, 7);
    const before = await storedState();
    const res = await uploadImage(client, png);
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadResult>();
    expect(body).toMatchObject({ width: 10, height: 7, mimeType: "image/png", bytes: png.length });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row).toMatchObject({ organiserId, width: 10, height: 7, mimeType: "image/png", bytes: png.length, kind: "event_image" });
    expect(row!.fileName).not.toBe("pending");
    const after = await storedState();
    expect(after.rows).toBe(before.rows + 1);
    expect(after.files).toHaveLength(before.files.length + 1);

    // Anyone may fetch it (public event pages show it), byte for byte.
    const get = await t.client().request({ method: "GET", url: `/uploads/${body.id}` });
    expect(get.statusCode).toBe(200);
    expect(get.headers["content-type"]).toMatch(/^image\/png/);
    expect(get.headers["x-content-type-options"]).toBe("nosniff");
    expect(get.rawPayload.equals(png)).toBe(true);
  });

  it("the stored id can be used as the event image in saveDetails", async () => {
    const res = await uploadImage(client, makePng(20, 10));
    const { id: imageId } = res.json<UploadResult>();
    const media = (await uploadImage(client, makePng(3, 3))).json<UploadResult>();
    const eventId = await createEventVia(client);
    await client.trpc.events.saveDetails.mutate({ id: eventId, imageId, mediaImageIds: [media.id], faq: [] });
    const row = (await eventRow(t.database.db, eventId))!;
    expect(row.imageId).toBe(imageId);
    expect(row.mediaImageIds).toEqual([media.id]);
    const detail = await client.trpc.events.get.query({ id: eventId });
    expect(detail.event.imageId).toBe(imageId);
  });

  it("an unknown upload id in saveDetails is INVALID_UPLOAD", async () => {
    const eventId = await createEventVia(client);
    const before = await eventRow(t.database.db, eventId);
    const res = await attempt(
      client.trpc.events.saveDetails.mutate({
        id: eventId,
        imageId: "00000000-0000-4000-8000-000000000000",
        faq: [],
      }),
    );
    expect(appCodeOf(res)).toBe("INVALID_UPLOAD");
    expect(await eventRow(t.database.db, eventId)).toEqual(before);
  });

  it("a JPEG is accepted too", async () => {
    const res = await uploadImage(client, makeJpegHeader(8, 6), { filename: "x.jpg", contentType: "image/jpeg" });
    expect(res.statusCode).toBe(201);
    expect(res.json<UploadResult>()).toMatchObject({ width: 8, height: 6, mimeType: "image/jpeg" });
  });

  it("a PDF renamed to .png is 400 INVALID_UPLOAD and nothing is stored", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
    const before = await storedState();
    const res = await uploadImage(client, pdf, { filename: "x.png", contentType: "image/png" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "INVALID_UPLOAD" });
    expect(await storedState()).toEqual(before);
  });

  it.each([
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
    ["a GIF", Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64")],
    ["random bytes", Buffer.from("not an image at all, just text")],
    ["a truncated PNG signature", makePng(4, 4).subarray(0, 12)],
  ])("%s named x.png is 400 INVALID_UPLOAD and nothing is stored", async (_label, data) => {
    const before = await storedState();
    const res = await uploadImage(client, data);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "INVALID_UPLOAD" });
    expect(await storedState()).toEqual(before);
  });

  it("a request without a file part is 400", async () => {
    const before = await storedState();
    const boundary = "----no-file";
    const res = await client.request({
      method: "POST",
      url: "/api/uploads/event-image",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(await storedState()).toEqual(before);
  });

  it("a PNG of 3 MB (within the 10 MB of SPEC §9) is accepted", async () => {
    const png = makePng(16, 16);
    // Bytes after IEND are ignored by decoders; they only make the file large.
    const big = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const res = await uploadImage(client, big);
    expect(res.statusCode).toBe(201);
    expect(res.json<UploadResult>()).toMatchObject({ width: 16, height: 16, bytes: big.length });
  });

  it("a file above 10 MB is 413 and nothing is stored", async () => {
    const png = makePng(16, 16);
    const tooBig = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length, 0x20)]);
    expect(tooBig.length).toBe(10 * 1024 * 1024 + 1);
    const before = await storedState();
    const res = await uploadImage(client, tooBig);
    expect(res.statusCode).toBe(413);
    expect(await storedState()).toEqual(before);
  });

  it("anonymous is 401, nothing stored", async () => {
    const before = await storedState();
    const res = await uploadImage(t.client(), makePng(2, 2));
    expect(res.statusCode).toBe(401);
    expect(await storedState()).toEqual(before);
  });

  it("a reseller is 403, nothing stored", async () => {
    const reseller = await createUser(t.database.db, { role: "reseller", organiserId });
    const before = await storedState();
    const res = await uploadImage(await signIn(t, reseller.id), makePng(2, 2));
    expect(res.statusCode).toBe(403);
    expect(await storedState()).toEqual(before);
  });

  it("an admin is 403", async () => {
    const admin = await createUser(t.database.db, { role: "admin" });
    const res = await uploadImage(await signIn(t, admin.id), makePng(2, 2));
    expect(res.statusCode).toBe(403);
  });

  it("a team member needs createEvent or updateEvent", async () => {
    const without = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), viewOrders: true });
    expect((await uploadImage(without.client, makePng(2, 2))).statusCode).toBe(403);
    const withCreate = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), createEvent: true });
    const res = await uploadImage(withCreate.client, makePng(2, 2));
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, res.json<UploadResult>().id));
    expect(row!.organiserId).toBe(organiserId);
  });

  it("a foreign Origin is refused (403) before anything is stored", async () => {
    const before = await storedState();
    const body = multipartFile(makePng(2, 2));
    const res = await client.request({
      method: "POST",
      url: "/api/uploads/event-image",
      headers: { ...body.headers, origin: "https://evil.example" },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(403);
    expect(await storedState()).toEqual(before);
  });
});

describe("GET /uploads/{id}", () => {
  it("an unknown or malformed id is 404", async () => {
    expect((await t.client().request({ method: "GET", url: "/uploads/00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
    expect((await t.client().request({ method: "GET", url: "/uploads/..%2F..%2Fetc%2Fpasswd" })).statusCode).toBe(404);
    expect((await t.client().request({ method: "GET", url: "/uploads/not-a-uuid" })).statusCode).toBe(404);
  });
});
