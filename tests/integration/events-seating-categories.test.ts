import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { ok, signedInOrganiser } from "./helpers/events";
import {
  CATEGORIES,
  chooseTemplate,
  clone,
  createEventWithDates,
  createSeatedEvent,
  createTemplateVia,
  getTemplateVia,
  saveTemplate,
  smallLayout,
} from "./helpers/stadiums";

// The ticket step links tickets to the plan's categories; events.get carries them so the step
// never reads a date's whole inventory for them.
let t: TestApp;
let client: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  client = (await signedInOrganiser(t)).client;
});

afterAll(async () => {
  await t.close();
});

async function seatingCategoriesOf(eventId: string) {
  return (await client.trpc.events.get.query({ id: eventId })).seatingCategories;
}

describe("events.get: the seating plan's categories", () => {
  it("are null for an event without a seating plan", async () => {
    const eventId = await createEventWithDates(client, [30]);
    expect(await seatingCategoriesOf(eventId)).toBeNull();
  });

  it("are the categories of the plan the event uses, and follow a change of the plan", async () => {
    const templateId = await createTemplateVia(client);
    const { eventId } = await createSeatedEvent(client, t.database.db, templateId, [30, 31]);
    expect(await seatingCategoriesOf(eventId)).toEqual(CATEGORIES);

    const template = await getTemplateVia(client, templateId);
    const layout = clone(smallLayout());
    layout.categories = [...layout.categories, { id: "d", name: "Category D", color: "#f08c00" }];
    ok(await saveTemplate(client, template.template, layout));
    expect(await seatingCategoriesOf(eventId)).toEqual(layout.categories);
  });

  it("are null again once the event goes back to free seating", async () => {
    const templateId = await createTemplateVia(client);
    const eventId = await createEventWithDates(client, [40]);
    ok(await chooseTemplate(client, eventId, templateId));
    expect(await seatingCategoriesOf(eventId)).toEqual(CATEGORIES);

    await client.trpc.events.saveSeating.mutate({ id: eventId, seatingMode: "free" });
    expect(await seatingCategoriesOf(eventId)).toBeNull();
  });
});
