import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { BRANCHES } from "../../shared/branches";
import { VE } from "../../shared/schemas/event-messages";
import { step1FormSchema } from "../../shared/schemas/event-step1";
import {
  MAX_MEDIA_IMAGES,
  ZEventData,
  ZEventDetails,
  ZEventOptions,
  ZPublishChoice,
} from "../../shared/schemas/events";
import { V } from "../../shared/schemas/messages";

type Issue = { path: PropertyKey[]; message: string };

/** Every issue with its full path, so a test also fails on an unexpected extra issue. */
function issuesOf(schema: z.ZodType, input: unknown): Issue[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path, message: i.message }));
}

const uuids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());

describe("ZEventData", () => {
  const concert = {
    name: "Rock Night",
    category: "events_concerts",
    subcategory: "concert",
    address: "Hauptstraße 1",
    city: "Berlin",
    zip: "10115",
    country: "DE",
  };
  const data = (overrides: Record<string, unknown>) => issuesOf(ZEventData, { ...concert, ...overrides });

  it("accepts a complete event and trims its texts", () => {
    const parsed = ZEventData.parse({ ...concert, name: "  Rock Night  ", addressAddition: "" });
    expect(parsed).toEqual({ ...concert, addressAddition: null });
  });

  it("accepts a name of exactly 3 characters", () => {
    expect(data({ name: "Abc" })).toEqual([]);
  });

  it.each(["ab", "  ab  "])("refuses the name %j as shorter than 3", (name) => {
    expect(data({ name })).toEqual([{ path: ["name"], message: V.minLength3 }]);
  });

  it("refuses an empty name as required (and too short)", () => {
    expect(data({ name: "  " })).toEqual([
      { path: ["name"], message: V.required },
      { path: ["name"], message: V.minLength3 },
    ]);
  });

  it("refuses a name over 200 characters", () => {
    expect(data({ name: "x".repeat(201) })).toEqual([{ path: ["name"], message: V.maxLength }]);
  });

  it.each(["address", "city", "zip"])("refuses an empty %s as required", (field) => {
    expect(data({ [field]: " " })).toEqual([{ path: [field], message: V.required }]);
  });

  it.each(["name", "category", "subcategory", "address", "city", "zip", "country"])("needs %s", (field) => {
    const { [field as keyof typeof concert]: _, ...rest } = concert;
    const issues = issuesOf(ZEventData, rest);
    expect(issues.map((i) => i.path)).toEqual([[field]]);
  });

  it("accepts no address addition", () => {
    expect(data({ addressAddition: null })).toEqual([]);
    expect(data({ addressAddition: undefined })).toEqual([]);
  });

  it("accepts every branch with each of its own subcategories", () => {
    for (const branch of BRANCHES) {
      for (const subcategory of branch.subcategories) {
        expect(data({ category: branch.key, subcategory })).toEqual([]);
      }
    }
  });

  it.each(["concerts", "", "EVENTS_CONCERTS"])("refuses the category %j", (category) => {
    expect(data({ category })).toEqual([{ path: ["category"], message: VE.category }]);
  });

  it("refuses a subcategory of another branch, on subcategory", () => {
    expect(data({ subcategory: "opera" })).toEqual([{ path: ["subcategory"], message: VE.subcategory }]);
  });

  it("refuses an unknown subcategory", () => {
    expect(data({ subcategory: "rave" })).toEqual([{ path: ["subcategory"], message: VE.subcategory }]);
  });

  it("refuses an empty subcategory only with VE.subcategory", () => {
    const issues = data({ subcategory: "" });
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((i) => i.message === VE.subcategory && i.path.join(".") === "subcategory")).toBe(true);
  });

  it.each(["AT", "CH", "US"])("accepts the country %s", (country) => {
    expect(data({ country })).toEqual([]);
  });

  it.each(["de", "DEU", "D", "", "D1", " DE"])("refuses the country %j", (country) => {
    expect(data({ country })).toEqual([{ path: ["country"], message: VE.country }]);
  });
});

describe("ZEventDetails", () => {
  it("accepts nothing and fills the defaults", () => {
    expect(ZEventDetails.parse({})).toEqual({ mediaImageIds: [], faq: [] });
  });

  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s",
    "https://m.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ",
    "https://youtu.be/dQw4w9WgXcQ?si=abc",
    "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    "https://www.youtube.com/embed/dQw4w9WgXcQ",
    "  https://youtu.be/dQw4w9WgXcQ  ",
  ])("accepts the YouTube link %j", (youtubeUrl) => {
    expect(ZEventDetails.parse({ youtubeUrl }).youtubeUrl).toBe(youtubeUrl.trim());
  });

  it.each([
    "https://vimeo.com/76979871",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ",
    "https://notyoutube.com/watch?v=dQw4w9WgXcQ",
    "https://youtube.com@evil.example/watch?v=dQw4w9WgXcQ",
    "javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/watch?v=short",
    "https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw",
    "not a link",
  ])("refuses %j with VE.youtube", (youtubeUrl) => {
    expect(issuesOf(ZEventDetails, { youtubeUrl })).toEqual([{ path: ["youtubeUrl"], message: VE.youtube }]);
  });

  it.each(["", "   ", null])("turns %j into null", (youtubeUrl) => {
    expect(ZEventDetails.parse({ youtubeUrl }).youtubeUrl).toBeNull();
  });

  it("refuses a link over 300 characters", () => {
    const youtubeUrl = `https://www.youtube.com/watch?v=dQw4w9WgXcQ&x=${"a".repeat(300)}`;
    expect(issuesOf(ZEventDetails, { youtubeUrl })).toEqual([{ path: ["youtubeUrl"], message: V.maxLength }]);
  });

  it("accepts up to MAX_MEDIA_IMAGES media images and refuses more", () => {
    expect(MAX_MEDIA_IMAGES).toBe(10);
    expect(issuesOf(ZEventDetails, { mediaImageIds: uuids(MAX_MEDIA_IMAGES) })).toEqual([]);
    expect(issuesOf(ZEventDetails, { mediaImageIds: uuids(MAX_MEDIA_IMAGES + 1) })).toEqual([
      { path: ["mediaImageIds"], message: VE.tooMany },
    ]);
  });

  it("refuses an FAQ entry without question or answer", () => {
    expect(issuesOf(ZEventDetails, { faq: [{ question: "When?", answer: " " }] })).toEqual([
      { path: ["faq", 0, "answer"], message: V.required },
    ]);
  });
});

describe("ZEventOptions", () => {
  const options = { vatPercent: 19, visibility: "public" };
  const opts = (overrides: Record<string, unknown>) => issuesOf(ZEventOptions, { ...options, ...overrides });

  it("accepts a public event without access code", () => {
    expect(opts({})).toEqual([]);
    expect(opts({ visibility: "hidden" })).toEqual([]);
  });

  it.each([undefined, null, "", "   "])("refuses visibility 'code' with the access code %j", (accessCode) => {
    expect(opts({ visibility: "code", accessCode })).toEqual([
      { path: ["accessCode"], message: VE.accessCodeRequired },
    ]);
  });

  it.each(["SUMMER-2026", "abcd", "A1b2", "x".repeat(50)])("accepts the access code %j", (accessCode) => {
    expect(opts({ visibility: "code", accessCode })).toEqual([]);
  });

  it.each(["abc", "has space", "säle1234", "code!", "a_b_c_d"])("refuses the access code %j", (accessCode) => {
    expect(opts({ visibility: "code", accessCode })).toEqual([{ path: ["accessCode"], message: VE.accessCode }]);
  });

  it.each([0, 7, 7.7, 19, 100])("accepts VAT %d %%", (vatPercent) => {
    expect(opts({ vatPercent })).toEqual([]);
  });

  it.each([-0.01, -1, 100.01, 119, Number.NaN, "19"])("refuses VAT %j", (vatPercent) => {
    expect(opts({ vatPercent })).toEqual([{ path: ["vatPercent"], message: VE.vat }]);
  });

  it("accepts participant fields with distinct keys", () => {
    const participantFields = [
      { key: "birthday", label: "Birthday", required: true },
      { key: "diet", label: "Diet", required: false },
    ];
    expect(opts({ participantFields })).toEqual([]);
  });

  it("refuses duplicate participant field keys", () => {
    const participantFields = [
      { key: "diet", label: "Diet", required: true },
      { key: "diet", label: "Food", required: false },
    ];
    expect(opts({ participantFields })).toEqual([{ path: ["participantFields"], message: VE.duplicateKey }]);
  });

  it.each([0, -1, 1.5])("refuses a daily attendee limit of %d", (dailyAttendeeLimit) => {
    expect(opts({ dailyAttendeeLimit })).toEqual([{ path: ["dailyAttendeeLimit"], message: VE.positiveInt }]);
  });

  it("reports a bad VAT and a missing access code together", () => {
    expect(opts({ vatPercent: 101, visibility: "code" })).toEqual([
      { path: ["vatPercent"], message: VE.vat },
      { path: ["accessCode"], message: VE.accessCodeRequired },
    ]);
  });
});

describe("ZPublishChoice", () => {
  const NOW = new Date("2026-04-01T12:00:00Z");
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([undefined, null])("refuses 'later' with the date %j", (publicationDate) => {
    expect(issuesOf(ZPublishChoice, { publishOption: "later", publicationDate })).toEqual([
      { path: ["publicationDate"], message: VE.publicationDateRequired },
    ]);
  });

  it.each([
    ["in the past", new Date("2026-03-31T12:00:00Z")],
    ["now", NOW],
  ])("refuses 'later' with a date %s", (_, publicationDate) => {
    expect(issuesOf(ZPublishChoice, { publishOption: "later", publicationDate })).toEqual([
      { path: ["publicationDate"], message: VE.publicationDateFuture },
    ]);
  });

  it("accepts 'later' with a future date, also as an ISO string", () => {
    expect(issuesOf(ZPublishChoice, { publishOption: "later", publicationDate: new Date(NOW.getTime() + 1) })).toEqual(
      [],
    );
    const parsed = ZPublishChoice.parse({ publishOption: "later", publicationDate: "2026-05-01T08:00:00Z" });
    expect(parsed.publicationDate).toEqual(new Date("2026-05-01T08:00:00Z"));
  });

  it.each(["now", "draft"])("accepts %s without a date", (publishOption) => {
    expect(issuesOf(ZPublishChoice, { publishOption })).toEqual([]);
    expect(issuesOf(ZPublishChoice, { publishOption, publicationDate: null })).toEqual([]);
  });

  it("refuses an unknown publish option", () => {
    expect(issuesOf(ZPublishChoice, { publishOption: "tomorrow" }).map((i) => i.path)).toEqual([["publishOption"]]);
  });
});

describe("country and VAT precision", () => {
  const concert = {
    name: "Rock Night",
    category: "events_concerts",
    subcategory: "concert",
    address: "Hauptstraße 1",
    city: "Berlin",
    zip: "10115",
  };

  it.each(["ZZ", "de", "XX"])("refuses the country %j, which is not in the list", (country) => {
    expect(issuesOf(ZEventData, { ...concert, country })).toEqual([{ path: ["country"], message: VE.country }]);
  });

  it.each(["DE", "AT", "CH", "US"])("accepts the country %j", (country) => {
    expect(issuesOf(ZEventData, { ...concert, country })).toEqual([]);
  });

  it.each([7, 19, 7.7, 0.01, 16.25])("accepts VAT %d %", (vatPercent) => {
    expect(issuesOf(ZEventOptions, { vatPercent, visibility: "public" })).toEqual([]);
  });

  it.each([7.777, 19.001])("refuses VAT %d % (more than two decimals)", (vatPercent) => {
    expect(issuesOf(ZEventOptions, { vatPercent, visibility: "public" })).toEqual([{ path: ["vatPercent"], message: VE.vat }]);
  });
});

describe("step 1 form schema (shared/schemas/event-step1.ts)", () => {
  const data = { name: "Concert", category: "x", subcategory: "y", address: "Street 1", addressAddition: "", city: "Berlin", zip: "10115", country: "DE" };

  it("checks the season part of a season and ignores its schedule, and the other way round", () => {
    const season = step1FormSchema("season").safeParse({ data, schedule: null, season: { seasonStart: "", seasonSaleEnd: "", childEventIds: [] } });
    const paths = season.success ? [] : season.error.issues.map((i) => `${i.path.join(".")}:${i.message}`);
    expect(paths).toEqual(expect.arrayContaining(["season.seasonStart:v.date", "season.seasonSaleEnd:v.required"]));
    expect(paths.some((p) => p.startsWith("schedule"))).toBe(false);
    const event = step1FormSchema("event").safeParse({ data, schedule: null, season: null });
    expect(event.success ? [] : event.error.issues.map((i) => i.path[0])).toContain("schedule");
  });
});
