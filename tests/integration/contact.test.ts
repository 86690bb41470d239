import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactRequests } from "../../server/db/schema";
import { V } from "../../shared/schemas/messages";
import type { TContactInput } from "../../shared/schemas/contact";
import { appCodeOf, createTestApp, type TestApp } from "./helpers/app";
import { createUser } from "./helpers/factories";
import { readOutbox } from "./helpers/outbox";
import { attempt, failure } from "./helpers/trpc";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const request: TContactInput = {
  firstName: "Carla",
  lastName: "Client",
  phone: "+49 30 1234",
  email: "carla@club.example",
  industry: "sports_health",
  websiteUrl: "https://club.example",
  ticketsPerYear: 25000,
  referralSource: "",
  message: "We would like a demo.",
};

describe("contact form", () => {
  it("stores the request and writes one mail per admin, in the admin's language", async () => {
    const adminDe = await createUser(t.database.db, { role: "admin", locale: "de" });
    const adminEn = await createUser(t.database.db, { role: "admin", locale: "en" });
    await createUser(t.database.db, { role: "organiser" });

    expect(await t.client().trpc.contact.submit.mutate(request)).toEqual({ ok: true });

    const rows = await t.database.db.select().from(contactRequests);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: "Carla",
      lastName: "Client",
      email: "carla@club.example",
      industry: "sports_health",
      ticketsPerYear: 25000,
      referralSource: null,
      message: "We would like a demo.",
    });

    const mails = await readOutbox(t.database.db);
    expect(mails.map((m) => m.to).sort()).toEqual([adminDe.email, adminEn.email].sort());
    for (const mail of mails) {
      expect(mail.template).toBe("contact_request");
      expect(mail.text).toContain("carla@club.example");
      expect(mail.text).toContain("We would like a demo.");
    }
    expect(mails.find((m) => m.to === adminDe.email)?.locale).toBe("de");
    expect(mails.find((m) => m.to === adminEn.email)?.locale).toBe("en");
  });

  it("escapes what a visitor typed in the mail's HTML", async () => {
    await t.client().trpc.contact.submit.mutate({ ...request, message: "<script>alert(1)</script>" });
    const html = (await readOutbox(t.database.db)).map((m) => m.html).join("\n");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#60;script&#62;");
  });

  it("an invalid email is VALIDATION and stores nothing", async () => {
    const before = (await t.database.db.select().from(contactRequests)).length;
    const error = await failure(t.client().trpc.contact.submit.mutate({ ...request, email: "carla(at)club" }));
    expect(error.appCode).toBe("VALIDATION");
    expect(error.httpStatus).toBe(400);
    expect(error.fieldErrors).toEqual({ email: [V.email] });
    expect(await t.database.db.select().from(contactRequests)).toHaveLength(before);
  });

  it("one address may send five requests an hour", async () => {
    const browser = t.client();
    for (let i = 1; i <= 5; i++) expect(await browser.trpc.contact.submit.mutate(request), `request ${i}`).toEqual({ ok: true });
    expect(appCodeOf(await attempt(browser.trpc.contact.submit.mutate(request)))).toBe("TOO_MANY_REQUESTS");
  });
});
