import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { PDFDict, PDFDocument, PDFName, PDFStream } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { events, eventSponsors, uploads } from "../../server/db/schema";
import { renderOrderTickets } from "../../server/modules/orders/tickets-pdf";
import { sponsorLogos } from "../../server/modules/print/sponsors";
import { IMAGE_PIXEL_LIMITS } from "../../shared/limits";
import { emptyPermissionSet } from "../../shared/permissions";
import { createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { makeJpeg, makePdf } from "./helpers/document-files";
import { categoriesOf, createEventVia, makePng, multipartFile, signedInOrganiser, signedInTeamMember, validEventStep1, type UploadResult } from "./helpers/events";
import { buySeats, keyOf } from "./helpers/orders";
import { publishedSeasonWithMatchDay } from "./helpers/season";
import { createShopEvent } from "./helpers/shop";
import { failure } from "./helpers/trpc";

let t: TestApp;
let uploadDir: string;
let owner: TestClient;
let organiserId: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), "sponsors-"));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  const o = await signedInOrganiser(t);
  owner = o.client;
  organiserId = o.organiser.id;
});
afterAll(async () => {
  await t.close();
  await rm(uploadDir, { recursive: true, force: true });
});

function upload(client: TestClient, data: Buffer, options: { filename?: string; contentType?: string } = {}) {
  const body = multipartFile(data, { filename: "logo.png", contentType: "image/png", ...options });
  return client.request({ method: "POST", url: "/api/uploads/sponsor-logo", headers: body.headers, payload: body.payload });
}

async function logo(client: TestClient = owner, data: Buffer = makePng(120, 60)): Promise<string> {
  const res = await upload(client, data);
  expect(res.statusCode).toBe(201);
  return res.json<UploadResult>().id;
}

async function newEvent(client: TestClient = owner, name = "Sponsored concert"): Promise<string> {
  return createEventVia(client, validEventStep1({ name }));
}

async function uploadCount(): Promise<number> {
  return (await t.database.db.select().from(uploads).where(eq(uploads.organiserId, organiserId))).length;
}

async function sponsorRows(eventId: string) {
  return t.database.db
    .select({ uploadId: eventSponsors.uploadId, position: eventSponsors.position })
    .from(eventSponsors)
    .where(eq(eventSponsors.eventId, eventId))
    .orderBy(eventSponsors.position);
}

// A GIF, a WebP, an SVG and a PDF: each sent as logo.png with image/png.
const GIF = Buffer.concat([Buffer.from("GIF89a", "ascii"), Buffer.from([32, 0, 16, 0, 0x80, 0, 0]), Buffer.alloc(12), Buffer.from([0x3b])]);
const WEBP = (() => {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(31, 4, 3); // width - 1
  vp8x.writeUIntLE(15, 7, 3); // height - 1
  const chunk = Buffer.concat([Buffer.from("VP8X", "ascii"), Buffer.from([10, 0, 0, 0]), vp8x]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from("RIFF", "ascii"), size, Buffer.from("WEBP", "ascii"), chunk]);
})();
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><rect width="64" height="32"/></svg>');

describe("upload of a sponsor logo (JPEG or PNG, by content)", () => {
  it("stores PNG and JPEG logos with the kind sponsor_logo, whatever the file is called", async () => {
    const png = await upload(owner, makePng(120, 60));
    expect(png.statusCode).toBe(201);
    expect(png.json()).toMatchObject({ width: 120, height: 60, mimeType: "image/png" });
    const jpeg = await upload(owner, makeJpeg(200, 100), { filename: "logo.jpg", contentType: "image/jpeg" });
    expect(jpeg.statusCode).toBe(201);
    expect(jpeg.json()).toMatchObject({ width: 200, height: 100, mimeType: "image/jpeg" });
    // A PNG called .jpg (and sent as image/jpeg) is a PNG: its content decides.
    const renamed = await upload(owner, makePng(40, 40), { filename: "logo.jpg", contentType: "image/jpeg" });
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json()).toMatchObject({ mimeType: "image/png" });
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, png.json<UploadResult>().id));
    expect(row).toMatchObject({ kind: "sponsor_logo", organiserId, mimeType: "image/png", width: 120, height: 60 });
  });

  it("refuses a GIF, WebP, SVG, PDF or text renamed logo.png (INVALID_UPLOAD), storing nothing", async () => {
    const before = await uploadCount();
    for (const body of [GIF, WEBP, SVG, makePdf(), Buffer.from("just text, not an image")]) {
      const res = await upload(owner, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "INVALID_UPLOAD" });
    }
    expect(await uploadCount()).toBe(before);
  });

  it("refuses 5 MB and more (UPLOAD_TOO_LARGE), too many pixels (IMAGE_TOO_LARGE) and a logo under 16 px", async () => {
    const before = await uploadCount();
    const big = Buffer.concat([makePng(64, 64), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(owner, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ error: "UPLOAD_TOO_LARGE" });
    const wide = await upload(owner, makePng(IMAGE_PIXEL_LIMITS.sponsor_logo.maxWidth + 1, 2 * 16));
    expect(wide.json()).toMatchObject({ error: "IMAGE_TOO_LARGE" });
    const tiny = await upload(owner, makePng(8, 8));
    expect(tiny.json()).toMatchObject({ error: "INVALID_UPLOAD" });
    expect(await uploadCount()).toBe(before);
  });
});

describe("an event's logos", () => {
  it("adds up to four in order; a fifth is refused with SPONSOR_LIMIT and nothing saved", async () => {
    const eventId = await newEvent();
    const ids = [await logo(), await logo(owner, makeJpeg(300, 100)), await logo(), await logo()];
    for (const [i, uploadId] of ids.entries()) {
      const list = await owner.trpc.sponsors.add.mutate({ eventId, uploadId });
      expect(list).toHaveLength(i + 1);
      expect(list[i]).toEqual({ uploadId, url: `/uploads/${uploadId}`, width: i === 1 ? 300 : 120, height: i === 1 ? 100 : 60, position: i });
    }
    // Adding one that is already there changes nothing.
    expect((await owner.trpc.sponsors.add.mutate({ eventId, uploadId: ids[2]! })).map((e) => e.uploadId)).toEqual(ids);
    const fifth = await logo();
    expect((await failure(owner.trpc.sponsors.add.mutate({ eventId, uploadId: fifth }))).appCode).toBe("SPONSOR_LIMIT");
    expect(await sponsorRows(eventId)).toEqual(ids.map((uploadId, position) => ({ uploadId, position })));
    expect((await owner.trpc.sponsors.list.query({ eventId })).map((e) => e.uploadId)).toEqual(ids);
    // The logos' bytes, in position order, for the PDFs.
    const bytes = await sponsorLogos(t.database.db, uploadDir, eventId);
    expect(bytes.map((b) => b.mimeType)).toEqual(["image/png", "image/jpeg", "image/png", "image/png"]);
    expect(Buffer.from(bytes[1]!.data).equals(makeJpeg(300, 100))).toBe(true);
  });

  it("reorders (exactly the event's logos) and removes, closing up the positions", async () => {
    const eventId = await newEvent();
    const [a, b, c] = [await logo(), await logo(), await logo()];
    for (const uploadId of [a!, b!, c!]) await owner.trpc.sponsors.add.mutate({ eventId, uploadId });
    const reordered = await owner.trpc.sponsors.reorder.mutate({ eventId, uploadIds: [c!, a!, b!] });
    expect(reordered.map((e) => [e.uploadId, e.position])).toEqual([
      [c, 0],
      [a, 1],
      [b, 2],
    ]);
    const stranger = await logo();
    for (const uploadIds of [[c!, a!], [c!, a!, a!], [c!, a!, b!, stranger], [c!, a!, stranger]]) {
      const error = await failure(owner.trpc.sponsors.reorder.mutate({ eventId, uploadIds }));
      expect(error.appCode).toBe("VALIDATION");
      expect(error.fieldErrors).toEqual({ uploadIds: ["VALIDATION"] });
    }
    expect((await sponsorRows(eventId)).map((r) => r.uploadId)).toEqual([c, a, b]);
    const removed = await owner.trpc.sponsors.remove.mutate({ eventId, uploadId: c! });
    expect(removed.map((e) => [e.uploadId, e.position])).toEqual([
      [a, 0],
      [b, 1],
    ]);
    expect((await failure(owner.trpc.sponsors.remove.mutate({ eventId, uploadId: c! }))).appCode).toBe("NOT_FOUND");
    // Room again for two more.
    await owner.trpc.sponsors.add.mutate({ eventId, uploadId: c! });
    expect((await sponsorRows(eventId)).map((r) => r.position)).toEqual([0, 1, 2]);
  });

  it("lists the organiser's events and seasons that are not cancelled, with their number of logos", async () => {
    const season = await publishedSeasonWithMatchDay(t);
    const uploadId = await logo(season.organiser);
    await season.organiser.trpc.sponsors.add.mutate({ eventId: season.seasonId, uploadId });
    const cancelled = await newEvent(season.organiser, "Called off");
    await t.database.db.update(events).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(events.id, cancelled));
    const list = await season.organiser.trpc.sponsors.events.query();
    expect(list.map((e) => e.id).sort()).toEqual([season.childId, season.seasonId].sort());
    expect(list.find((e) => e.id === season.seasonId)).toMatchObject({ isSeason: true, logos: 1 });
    expect(list.find((e) => e.id === season.childId)).toMatchObject({ name: "Match day", isSeason: false, logos: 0 });
  });

  it("refuses an upload of another kind, and a bad input", async () => {
    const eventId = await newEvent();
    const image = multipartFile(makePng(120, 60));
    const eventImage = await owner.request({ method: "POST", url: "/api/uploads/event-image", headers: image.headers, payload: image.payload });
    const error = await failure(owner.trpc.sponsors.add.mutate({ eventId, uploadId: eventImage.json<UploadResult>().id }));
    expect(error.appCode).toBe("INVALID_UPLOAD");
    expect((await failure(owner.trpc.sponsors.add.mutate({ eventId, uploadId: "not-a-uuid" }))).appCode).toBe("VALIDATION");
    expect(await sponsorRows(eventId)).toEqual([]);
  });
});

describe("tenancy", () => {
  it("another organiser's event or upload is NOT_FOUND, and nothing changes", async () => {
    const eventId = await newEvent();
    const mine = await logo();
    await owner.trpc.sponsors.add.mutate({ eventId, uploadId: mine });
    const other = await signedInOrganiser(t);
    const theirs = await logo(other.client);
    const theirEvent = await newEvent(other.client, "Their event");
    const calls = [
      () => other.client.trpc.sponsors.list.query({ eventId }),
      () => other.client.trpc.sponsors.add.mutate({ eventId, uploadId: theirs }),
      () => other.client.trpc.sponsors.remove.mutate({ eventId, uploadId: mine }),
      () => other.client.trpc.sponsors.reorder.mutate({ eventId, uploadIds: [mine] }),
      // Their own event with my upload, my event with theirs.
      () => other.client.trpc.sponsors.add.mutate({ eventId: theirEvent, uploadId: mine }),
      () => owner.trpc.sponsors.add.mutate({ eventId, uploadId: theirs }),
    ];
    for (const call of calls) expect((await failure(call())).appCode).toBe("NOT_FOUND");
    expect(await sponsorRows(eventId)).toEqual([{ uploadId: mine, position: 0 }]);
    expect(await sponsorRows(theirEvent)).toEqual([]);
    expect((await other.client.trpc.sponsors.events.query()).map((e) => e.id)).toEqual([theirEvent]);
  });
});

describe("rights (printAreaAccess)", () => {
  it("a team member with printAreaAccess uploads, adds, reorders and removes", async () => {
    const member = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), printAreaAccess: true });
    const eventId = await newEvent();
    const [a, b] = [await logo(member.client), await logo(member.client)];
    await member.client.trpc.sponsors.add.mutate({ eventId, uploadId: a! });
    await member.client.trpc.sponsors.add.mutate({ eventId, uploadId: b! });
    expect((await member.client.trpc.sponsors.reorder.mutate({ eventId, uploadIds: [b!, a!] })).map((e) => e.uploadId)).toEqual([b, a]);
    expect(await member.client.trpc.sponsors.remove.mutate({ eventId, uploadId: b! })).toEqual([expect.objectContaining({ uploadId: a, position: 0 })]);
    expect((await member.client.trpc.sponsors.events.query()).some((e) => e.id === eventId)).toBe(true);
  });

  it("a team member without it can neither upload, read nor change logos", async () => {
    const member = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), createEvent: true, updateEvent: true, orgProfileAccess: true });
    const eventId = await newEvent();
    const uploadId = await logo();
    await owner.trpc.sponsors.add.mutate({ eventId, uploadId });
    const before = await uploadCount();
    expect((await upload(member.client, makePng(120, 60))).statusCode).toBe(403);
    expect(await uploadCount()).toBe(before);
    const calls = [
      () => member.client.trpc.sponsors.events.query(),
      () => member.client.trpc.sponsors.list.query({ eventId }),
      () => member.client.trpc.sponsors.add.mutate({ eventId, uploadId }),
      () => member.client.trpc.sponsors.remove.mutate({ eventId, uploadId }),
      () => member.client.trpc.sponsors.reorder.mutate({ eventId, uploadIds: [uploadId] }),
    ];
    for (const call of calls) expect((await failure(call())).appCode).toBe("FORBIDDEN");
    expect(await sponsorRows(eventId)).toEqual([{ uploadId, position: 0 }]);
    // Signed out: no upload either.
    expect((await upload(t.client(), makePng(120, 60))).statusCode).toBe(401);
  });
});

/** The image XObjects each page of a PDF draws. */
async function imagesPerPage(pdf: Uint8Array): Promise<number[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
    if (!xObjects) return 0;
    return xObjects.keys().filter((key) => {
      const object = xObjects.lookup(key);
      return object instanceof PDFStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image");
    }).length;
  });
}

describe("the logos on the tickets' PDF", () => {
  it("draws the event's logos on every A4 page (and on DIN long), not on the receipt", async () => {
    const shop = await createShopEvent(t);
    const bought = await buySeats(t, shop.dateIds[0]!, shop.category("a").id, ["A:0:0", "A:0:1"]);
    const mailed = async () => {
      const res = await t.client().request({ method: "GET", url: `/api/orders/${bought.orderId}/tickets.pdf?key=${keyOf(t, bought.orderId)}` });
      expect(res.statusCode).toBe(200);
      return new Uint8Array(res.rawPayload);
    };
    const without = await mailed();
    expect(await imagesPerPage(without)).toEqual([0, 0]);
    const ids = [await logo(shop.organiser, makePng(240, 80)), await logo(shop.organiser, makeJpeg(160, 160)), await logo(shop.organiser, makePng(90, 30))];
    for (const uploadId of ids) await shop.organiser.trpc.sponsors.add.mutate({ eventId: shop.eventId, uploadId });
    const withLogos = await mailed();
    expect(await imagesPerPage(withLogos)).toEqual([3, 3]);
    expect(withLogos.length).toBeGreaterThan(without.length);
    const dinLong = await renderOrderTickets(t.deps, bought.orderId, "de", "din_long");
    expect(await imagesPerPage(dinLong!.pdf)).toEqual([3, 3]);
    const receipt = await renderOrderTickets(t.deps, bought.orderId, "de", "receipt");
    expect(await imagesPerPage(receipt!.pdf)).toEqual([0, 0]);

    // A logo whose file went missing is left out with a warning; the tickets still render.
    const [missing] = await t.database.db.select().from(uploads).where(eq(uploads.id, ids[1]!));
    await rm(path.join(uploadDir, missing!.fileName));
    const warn = vi.fn();
    const rendered = await renderOrderTickets({ ...t.deps, log: { warn } }, bought.orderId, "en");
    expect(await imagesPerPage(rendered!.pdf)).toEqual([2, 2]);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ uploadId: ids[1], eventId: shop.eventId }), expect.stringContaining("sponsor logo"));
  });

  it("a season ticket shows the season's logos, a match day's ticket the match day's", async () => {
    const season = await publishedSeasonWithMatchDay(t);
    const seasonLogos = [await logo(season.organiser), await logo(season.organiser)];
    for (const uploadId of seasonLogos) await season.organiser.trpc.sponsors.add.mutate({ eventId: season.seasonId, uploadId });
    await season.organiser.trpc.sponsors.add.mutate({ eventId: season.childId, uploadId: await logo(season.organiser) });
    const seasonTicket = await buySeats(t, season.seasonId, season.seasonA, ["A:0:0"]);
    expect(await imagesPerPage((await renderOrderTickets(t.deps, seasonTicket.orderId))!.pdf)).toEqual([2]);
    const dayTicket = await buySeats(t, season.childDates[0]!, (await categoriesOf(t.database.db, season.childId))[0]!.id, ["A:0:1"]);
    expect(await imagesPerPage((await renderOrderTickets(t.deps, dayTicket.orderId))!.pdf)).toEqual([1]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("five adds at the same moment (Postgres)", () => {
  it("give exactly four logos; the fifth is SPONSOR_LIMIT", async () => {
    const eventId = await newEvent();
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => logo()));
    const results = await Promise.allSettled(ids.map((uploadId) => owner.trpc.sponsors.add.mutate({ eventId, uploadId })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(4);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(1);
    expect(await failure(Promise.reject((refused[0] as PromiseRejectedResult).reason))).toMatchObject({ appCode: "SPONSOR_LIMIT" });
    const rows = await sponsorRows(eventId);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3]);
    expect(
      (await t.database.db.select().from(eventSponsors).where(and(eq(eventSponsors.eventId, eventId), eq(eventSponsors.position, 3)))).length,
    ).toBe(1);
  });
});
