import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stadiumTemplates } from "../../server/db/schema";
import { appCodeOf, createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { eventRow, makePng, signedInOrganiser, type UploadResult, uploadImage } from "./helpers/events";
import { attempt } from "./helpers/trpc";
import {
  chooseTemplate,
  createEventWithDates,
  createSeatedEvent,
  createTemplateVia,
  listTemplatesVia,
  makeSolidPng,
  saveTemplate,
  seatingState,
  smallLayout,
  templateInput,
  templateRow,
  uploadStadiumImage,
} from "./helpers/stadiums";

/** Organiser B must not see or touch anything of organiser A's seating plans. */

let t: TestApp;
let uploadDir: string;
let a: TestClient;
let b: TestClient;
let bOrganiserId: string;
let templateA: string;
let eventA: string;
let dateA: string;
let imageA: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), "stadium-tenancy-"));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  a = (await signedInOrganiser(t)).client;
  const ob = await signedInOrganiser(t);
  b = ob.client;
  bOrganiserId = ob.organiser.id;
  templateA = await createTemplateVia(a, smallLayout(), { name: "A's hall" });
  const created = await createSeatedEvent(a, t.database.db, templateA, [30]);
  eventA = created.eventId;
  dateA = created.dateIds[0]!;
  const upload = await uploadStadiumImage(a, makeSolidPng(2000, 2000));
  expect(upload.statusCode).toBe(201);
  imageA = upload.json<UploadResult>().id;
});

afterAll(async () => {
  await t.close();
  await rm(uploadDir, { recursive: true, force: true });
});

async function templatesOfB(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(stadiumTemplates).where(eq(stadiumTemplates.organiserId, bOrganiserId));
  return row!.n;
}

describe("organiser B and A's template", () => {
  it("get, save, duplicate, setStatus and delete are NOT_FOUND; A's template and event are unchanged", async () => {
    const before = await templateRow(t.database.db, templateA);
    const seating = await seatingState(t.database.db, eventA);
    const bCount = await templatesOfB();

    expect(appCodeOf(await attempt(b.trpc.stadiums.get.query({ id: templateA })))).toBe("NOT_FOUND");
    const layout = smallLayout();
    layout.blocks.splice(0, 1);
    expect(appCodeOf(await saveTemplate(b, before!, layout, { name: "Hijacked" }))).toBe("NOT_FOUND");
    expect(appCodeOf(await attempt(b.trpc.stadiums.duplicate.mutate({ id: templateA })))).toBe("NOT_FOUND");
    expect(appCodeOf(await attempt(b.trpc.stadiums.setStatus.mutate({ id: templateA, status: "INACTIVE" })))).toBe("NOT_FOUND");
    expect(appCodeOf(await attempt(b.trpc.stadiums.delete.mutate({ id: templateA })))).toBe("NOT_FOUND");

    expect(await templateRow(t.database.db, templateA)).toEqual(before);
    expect(await seatingState(t.database.db, eventA)).toEqual(seating);
    expect(await templatesOfB()).toBe(bCount);
    expect((await listTemplatesVia(b)).some((r) => r.id === templateA)).toBe(false);
  });

  it("B cannot use A's template for B's event (TEMPLATE_NOT_AVAILABLE) and does not see it in step 3", async () => {
    const eventB = await createEventWithDates(b, [30]);
    const before = await eventRow(t.database.db, eventB);
    const res = await chooseTemplate(b, eventB, templateA);
    expect(appCodeOf(res)).toBe("TEMPLATE_NOT_AVAILABLE");
    expect(await eventRow(t.database.db, eventB)).toEqual(before);
    expect(await seatingState(t.database.db, eventB)).toEqual({ snapshot: undefined, seats: [], areas: [] });
    const offered = await b.trpc.events.seatingTemplates.query({ id: eventB });
    expect(offered.some((r) => r.id === templateA)).toBe(false);
    // Usage by A's event does not count for B either.
    expect((await listTemplatesVia(a)).find((r) => r.id === templateA)).toMatchObject({ usedByEvents: 1 });
  });

  it("B cannot change the seating of A's event (NOT_FOUND)", async () => {
    const templateB = await createTemplateVia(b, smallLayout(), { name: "B's hall" });
    const seating = await seatingState(t.database.db, eventA);
    expect(appCodeOf(await chooseTemplate(b, eventA, templateB))).toBe("NOT_FOUND");
    expect(appCodeOf(await attempt(b.trpc.events.saveSeating.mutate({ id: eventA, seatingMode: "free" })))).toBe("NOT_FOUND");
    expect(await seatingState(t.database.db, eventA)).toEqual(seating);
  });

  it("B cannot read or block A's date inventory (NOT_FOUND)", async () => {
    const seating = await seatingState(t.database.db, eventA);
    expect(appCodeOf(await attempt(b.trpc.seating.dateInventory.query({ eventDateId: dateA })))).toBe("NOT_FOUND");
    expect(appCodeOf(await attempt(b.trpc.seating.setBlocked.mutate({ eventDateId: dateA, seatKeys: ["A:0:0"], blocked: true })))).toBe("NOT_FOUND");
    expect(await seatingState(t.database.db, eventA)).toEqual(seating);
    // A reads it.
    expect((await a.trpc.seating.dateInventory.query({ eventDateId: dateA })).seats).toHaveLength(21);
  });
});

describe("background images", () => {
  it("A may use A's stadium image as the background", async () => {
    const layout = { ...smallLayout(), backgroundUploadId: imageA };
    const id = await createTemplateVia(a, layout, { name: "With background" });
    expect((await templateRow(t.database.db, id))!.layout.backgroundUploadId).toBe(imageA);
  });

  it("B cannot use A's stadium image as backgroundUploadId (INVALID_UPLOAD on create and on save)", async () => {
    const bCount = await templatesOfB();
    const create = await attempt(b.trpc.stadiums.create.mutate(templateInput({ ...smallLayout(), backgroundUploadId: imageA })));
    expect(appCodeOf(create)).toBe("INVALID_UPLOAD");
    expect(create.error!.fieldErrors).toEqual({ "layout.backgroundUploadId": ["INVALID_UPLOAD"] });
    expect(await templatesOfB()).toBe(bCount);

    const own = await createTemplateVia(b, smallLayout(), { name: "B plain" });
    const before = (await templateRow(t.database.db, own))!;
    const save = await saveTemplate(b, before, { ...smallLayout(), backgroundUploadId: imageA });
    expect(appCodeOf(save)).toBe("INVALID_UPLOAD");
    expect(await templateRow(t.database.db, own)).toEqual(before);
  });

  it("an event image (not a stadium image) or an unknown id is INVALID_UPLOAD", async () => {
    const eventImage = (await uploadImage(a, makePng(20, 20))).json<UploadResult>().id;
    expect(appCodeOf(await attempt(a.trpc.stadiums.create.mutate(templateInput({ ...smallLayout(), backgroundUploadId: eventImage }))))).toBe("INVALID_UPLOAD");
    expect(
      appCodeOf(await attempt(a.trpc.stadiums.create.mutate(templateInput({ ...smallLayout(), backgroundUploadId: "00000000-0000-4000-8000-000000000000" })))),
    ).toBe("INVALID_UPLOAD");
  });
});
