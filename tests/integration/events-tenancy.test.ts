import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyPermissionSet, fullPermissionSet } from "../../shared/permissions";
import { appCodeOf, createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { createUser } from "./helpers/factories";
import { attempt } from "./helpers/trpc";
import {
  categoriesOf,
  createEventVia,
  createPublishedEvent,
  eventRow,
  makePng,
  saveTicketsVia,
  signIn,
  signedInOrganiser,
  signedInTeamMember,
  snapshotOrganiser,
  ticketCategory,
  type UploadResult,
  uploadImage,
  validEventStep1,
  validSeasonStep1,
} from "./helpers/events";

let t: TestApp;
let uploadDir: string;
let a: Awaited<ReturnType<typeof signedInOrganiser>>;
let b: Awaited<ReturnType<typeof signedInOrganiser>>;
let aDraft: string;
let aPublished: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), "events-tenancy-"));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  a = await signedInOrganiser(t);
  b = await signedInOrganiser(t);
  aDraft = await createEventVia(a.client, validEventStep1({ name: "A's draft" }));
  await saveTicketsVia(a.client, aDraft, [ticketCategory("a")]);
  aPublished = await createPublishedEvent(a.client, { step1: validEventStep1({ name: "A's published" }) });
});

afterAll(async () => {
  await t.close();
  await rm(uploadDir, { recursive: true, force: true });
});

/** Every mutation of the events domain on `id`, with input valid in itself. */
function everyMutation(client: TestClient, id: string) {
  return {
    "events.saveData": () => attempt(client.trpc.events.saveData.mutate({ id, ...validEventStep1({ name: "Hijacked" }) })),
    "events.saveDetails": () => attempt(client.trpc.events.saveDetails.mutate({ id, descriptionHtml: "<p>hijacked</p>", faq: [] })),
    "events.saveSeating": () => attempt(client.trpc.events.saveSeating.mutate({ id, seatingMode: "free" })),
    "events.saveOptions": () =>
      attempt(client.trpc.events.saveOptions.mutate({ id, vatPercent: 7, visibility: "hidden", participantFields: [] })),
    "events.publish (now)": () => attempt(client.trpc.events.publish.mutate({ id, publishOption: "now" })),
    "events.publish (draft)": () => attempt(client.trpc.events.publish.mutate({ id, publishOption: "draft" })),
    "events.cancel": () => attempt(client.trpc.events.cancel.mutate({ id })),
    "events.delete": () => attempt(client.trpc.events.delete.mutate({ id })),
    "tickets.save": () => attempt(client.trpc.tickets.save.mutate({ eventId: id, categories: [ticketCategory("x", { name: "Hijacked" })] })),
  };
}

describe("organiser B and organiser A's events", () => {
  it("B cannot read A's event (NOT_FOUND) nor see it in lists", async () => {
    for (const id of [aDraft, aPublished]) {
      const res = await attempt(b.client.trpc.events.get.query({ id }));
      expect(appCodeOf(res)).toBe("NOT_FOUND");
      expect(res.error?.httpStatus).toBe(404);
    }
    const bList = await b.client.trpc.events.list.query({ type: "events" });
    expect(bList.map((r) => r.id)).not.toContain(aDraft);
    expect(bList.map((r) => r.id)).not.toContain(aPublished);
    const candidates = await b.client.trpc.events.seasonCandidates.query({});
    expect(candidates.map((r) => r.id)).not.toContain(aDraft);
    // A still sees both.
    const aList = await a.client.trpc.events.list.query({ type: "events" });
    expect(aList.map((r) => r.id)).toEqual(expect.arrayContaining([aDraft, aPublished]));
  });

  it.each([
    ["draft", () => aDraft],
    ["published", () => aPublished],
  ])("every mutation of A's %s event by B is NOT_FOUND and changes nothing", async (_label, idOf) => {
    const id = idOf();
    const beforeA = await snapshotOrganiser(t.database.db, a.organiser.id);
    const beforeB = await snapshotOrganiser(t.database.db, b.organiser.id);
    for (const [name, call] of Object.entries(everyMutation(b.client, id))) {
      const res = await call();
      expect(appCodeOf(res), name).toBe("NOT_FOUND");
    }
    expect(await snapshotOrganiser(t.database.db, a.organiser.id)).toEqual(beforeA);
    expect(await snapshotOrganiser(t.database.db, b.organiser.id)).toEqual(beforeB);
  });

  it("B cannot reuse the ids of A's ticket categories in its own event", async () => {
    const [aCategory] = await categoriesOf(t.database.db, aDraft);
    const bEvent = await createEventVia(b.client);
    const beforeA = await snapshotOrganiser(t.database.db, a.organiser.id);
    const res = await attempt(b.client.trpc.tickets.save.mutate({
      eventId: bEvent,
      categories: [ticketCategory("x", { id: aCategory!.id, name: "Stolen" })],
    }));
    expect(appCodeOf(res)).toBe("NOT_FOUND");
    expect(await snapshotOrganiser(t.database.db, a.organiser.id)).toEqual(beforeA);
    expect(await categoriesOf(t.database.db, bEvent)).toEqual([]);
  });

  it("B cannot attach A's uploaded image (INVALID_UPLOAD), as main image or media image", async () => {
    const upload = await uploadImage(a.client, makePng(4, 3));
    expect(upload.statusCode).toBe(201);
    const image = upload.json<UploadResult>();
    const bEvent = await createEventVia(b.client);
    const before = await eventRow(t.database.db, bEvent);

    const asMain = await attempt(b.client.trpc.events.saveDetails.mutate({ id: bEvent, imageId: image.id, mediaImageIds: [], faq: [] }));
    expect(appCodeOf(asMain)).toBe("INVALID_UPLOAD");
    const asMedia = await attempt(b.client.trpc.events.saveDetails.mutate({ id: bEvent, imageId: null, mediaImageIds: [image.id], faq: [] }));
    expect(appCodeOf(asMedia)).toBe("INVALID_UPLOAD");
    expect(await eventRow(t.database.db, bEvent)).toEqual(before);

    // A can.
    await a.client.trpc.events.saveDetails.mutate({ id: aDraft, imageId: image.id, mediaImageIds: [image.id], faq: [] });
    expect((await eventRow(t.database.db, aDraft))!.imageId).toBe(image.id);
  });

  it("a season of B cannot include A's event, neither when created nor when saved", async () => {
    const beforeA = await snapshotOrganiser(t.database.db, a.organiser.id);
    const bOwn = await createEventVia(b.client, validEventStep1({ name: "B's own" }));
    const bEventsBefore = (await snapshotOrganiser(t.database.db, b.organiser.id)).events.length;

    const created = await attempt(b.client.trpc.events.create.mutate(validSeasonStep1([bOwn, aDraft])));
    expect(appCodeOf(created)).toBe("NOT_FOUND");
    expect((await snapshotOrganiser(t.database.db, b.organiser.id)).events).toHaveLength(bEventsBefore);

    const seasonId = await createEventVia(b.client, validSeasonStep1([bOwn]));
    const saved = await attempt(b.client.trpc.events.saveData.mutate({ id: seasonId, ...validSeasonStep1([bOwn, aPublished]) }));
    expect(appCodeOf(saved)).toBe("NOT_FOUND");
    expect(await snapshotOrganiser(t.database.db, a.organiser.id)).toEqual(beforeA);
    expect((await eventRow(t.database.db, bOwn))!).toMatchObject({ type: "SEASON_CHILD", seasonId });
  });
});

describe("team members", () => {
  it("with createEvent only: can create an event and save its steps, but not publish, cancel or delete", async () => {
    const member = await signedInTeamMember(t, a.organiser.id, { ...emptyPermissionSet(), createEvent: true });
    const id = await createEventVia(member.client, validEventStep1({ name: "By the team" }));
    expect((await eventRow(t.database.db, id))!.organiserId).toBe(a.organiser.id);
    await member.client.trpc.events.saveData.mutate({ id, ...validEventStep1({ name: "By the team, edited" }) });
    await member.client.trpc.events.saveDetails.mutate({ id, descriptionHtml: "<p>Hello</p>", faq: [] });
    await member.client.trpc.events.saveSeating.mutate({ id, seatingMode: "free" });
    await member.client.trpc.events.saveOptions.mutate({ id, vatPercent: 19, visibility: "public", participantFields: [] });
    expect((await member.client.trpc.events.get.query({ id })).event.name).toBe("By the team, edited");
    expect((await member.client.trpc.events.list.query({ type: "events" })).map((r) => r.id)).toContain(id);
    // The owner sees it too.
    expect((await a.client.trpc.events.list.query({ type: "events" })).map((r) => r.id)).toContain(id);

    // Tickets need a ticket right; publishing, cancelling and deleting need updateEvent.
    expect(appCodeOf(await attempt(member.client.trpc.tickets.save.mutate({ eventId: id, categories: [ticketCategory("a")] })))).toBe(
      "FORBIDDEN",
    );
    await saveTicketsVia(a.client, id, [ticketCategory("a")]);
    const before = await snapshotOrganiser(t.database.db, a.organiser.id);
    expect(appCodeOf(await attempt(member.client.trpc.events.publish.mutate({ id, publishOption: "now" })))).toBe("FORBIDDEN");
    expect(appCodeOf(await attempt(member.client.trpc.events.cancel.mutate({ id })))).toBe("FORBIDDEN");
    expect(appCodeOf(await attempt(member.client.trpc.events.delete.mutate({ id })))).toBe("FORBIDDEN");
    expect(await snapshotOrganiser(t.database.db, a.organiser.id)).toEqual(before);
  });

  it("with updateEvent: can publish and cancel the organiser's events", async () => {
    const member = await signedInTeamMember(t, a.organiser.id, { ...emptyPermissionSet(), updateEvent: true });
    const id = await createEventVia(a.client);
    await saveTicketsVia(a.client, id, [ticketCategory("a")]);
    expect(appCodeOf(await attempt(member.client.trpc.events.create.mutate(validEventStep1())))).toBe("FORBIDDEN");
    expect((await member.client.trpc.events.publish.mutate({ id, publishOption: "now" })).status).toBe(
      "published",
    );
    await member.client.trpc.events.cancel.mutate({ id });
    expect((await eventRow(t.database.db, id))!.status).toBe("cancelled");
  });

  it("without createEvent and updateEvent every events procedure is FORBIDDEN", async () => {
    const member = await signedInTeamMember(t, a.organiser.id, {
      ...fullPermissionSet(),
      createEvent: false,
      updateEvent: false,
    });
    const before = await snapshotOrganiser(t.database.db, a.organiser.id);
    const queries = [
      attempt(member.client.trpc.events.list.query({ type: "events" })),
      attempt(member.client.trpc.events.get.query({ id: aDraft })),
      attempt(member.client.trpc.events.seasonCandidates.query({})),
    ];
    for (const res of await Promise.all(queries)) expect(appCodeOf(res)).toBe("FORBIDDEN");
    expect(appCodeOf(await attempt(member.client.trpc.events.create.mutate(validEventStep1())))).toBe("FORBIDDEN");
    for (const [name, call] of Object.entries(everyMutation(member.client, aDraft))) {
      if (name === "tickets.save") continue; // this member holds the ticket rights
      expect(appCodeOf(await call()), name).toBe("FORBIDDEN");
    }
    expect(await snapshotOrganiser(t.database.db, a.organiser.id)).toEqual(before);
    // Image uploads need an event right too.
    const upload = await uploadImage(member.client, makePng(2, 2));
    expect(upload.statusCode).toBe(403);
  });

  it("tickets.save needs createTickets or updateTickets", async () => {
    const none = await signedInTeamMember(t, a.organiser.id, { ...fullPermissionSet(), createTickets: false, updateTickets: false });
    const create = await signedInTeamMember(t, a.organiser.id, { ...emptyPermissionSet(), createTickets: true });
    const update = await signedInTeamMember(t, a.organiser.id, { ...emptyPermissionSet(), updateTickets: true });
    const before = await categoriesOf(t.database.db, aDraft);

    const refused = await attempt(none.client.trpc.tickets.save.mutate({ eventId: aDraft, categories: [ticketCategory("z")] }));
    expect(appCodeOf(refused)).toBe("FORBIDDEN");
    expect(await categoriesOf(t.database.db, aDraft)).toEqual(before);

    await create.client.trpc.tickets.save.mutate({ eventId: aDraft, categories: [ticketCategory("c", { name: "By creator" })] });
    expect((await categoriesOf(t.database.db, aDraft)).map((c) => c.name)).toEqual(["By creator"]);
    await update.client.trpc.tickets.save.mutate({ eventId: aDraft, categories: [ticketCategory("u", { name: "By updater" })] });
    expect((await categoriesOf(t.database.db, aDraft)).map((c) => c.name)).toEqual(["By updater"]);
  });

  it("a team member of B cannot reach A's events either", async () => {
    const member = await signedInTeamMember(t, b.organiser.id, fullPermissionSet());
    expect(appCodeOf(await attempt(member.client.trpc.events.get.query({ id: aDraft })))).toBe("NOT_FOUND");
    const before = await snapshotOrganiser(t.database.db, a.organiser.id);
    for (const [name, call] of Object.entries(everyMutation(member.client, aPublished))) {
      expect(appCodeOf(await call()), name).toBe("NOT_FOUND");
    }
    expect(await snapshotOrganiser(t.database.db, a.organiser.id)).toEqual(before);
  });
});

describe("other roles", () => {
  it("resellers and anonymous visitors cannot use the events procedures", async () => {
    const reseller = await createUser(t.database.db, { role: "reseller", organiserId: a.organiser.id });
    const resellerClient = await signIn(t, reseller.id);
    expect(appCodeOf(await attempt(resellerClient.trpc.events.get.query({ id: aDraft })))).toBe("FORBIDDEN");
    expect(appCodeOf(await attempt(resellerClient.trpc.events.create.mutate(validEventStep1())))).toBe("FORBIDDEN");
    expect(appCodeOf(await attempt(t.client().trpc.events.list.query({ type: "events" })))).toBe("UNAUTHENTICATED");
    expect(appCodeOf(await attempt(t.client().trpc.events.delete.mutate({ id: aDraft })))).toBe("UNAUTHENTICATED");
    expect(await eventRow(t.database.db, aDraft)).toBeDefined();
  });
});
