import { describe, expect, it } from "vitest";
import type { EventType } from "../../shared/enums";
import {
  type EventStatusInput,
  eventListStatus,
  isCancellable,
  isCancelled,
  isLive,
  isOnSale,
  isOnSaleLabel,
  isReleased,
  isUnpublished,
} from "../../shared/rules/event-status";
import { EVENT_LIST_STATUSES, type EventListStatus, type EventStatus } from "../../shared/schemas/events";

const NOW = new Date("2026-06-15T12:00:00Z");
const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

const event = (overrides: Partial<EventStatusInput> = {}): EventStatusInput => ({
  type: "REGULAR",
  status: "published",
  firstStartsAt: at(DAY),
  lastEndsAt: at(2 * DAY),
  ...overrides,
});

describe("eventListStatus: status decides before dates", () => {
  const TYPES: EventType[] = ["REGULAR", "SEASONAL", "SEASON_CHILD"];
  const cases: [EventStatus, EventListStatus][] = [
    ["draft", "draft"],
    ["scheduled", "publish_later"],
    ["cancelled", "canceled"],
  ];
  const dateSets: [string, Partial<EventStatusInput>][] = [
    ["in the future", {}],
    ["running", { firstStartsAt: at(-DAY), lastEndsAt: at(DAY) }],
    ["in the past", { firstStartsAt: at(-2 * DAY), lastEndsAt: at(-DAY) }],
    ["without dates", { firstStartsAt: null, lastEndsAt: null }],
  ];

  for (const type of TYPES) {
    for (const [status, label] of cases) {
      it.each(dateSets)(`${type} ${status} %s is ${label}`, (_, dates) => {
        expect(eventListStatus(event({ type, status, ...dates }), NOW)).toBe(label);
      });
    }
  }
});

describe("eventListStatus: published regular events and season children", () => {
  it.each(["REGULAR", "SEASON_CHILD"] as const)("%s is published before and while it runs", (type) => {
    expect(eventListStatus(event({ type }), NOW)).toBe("published");
    expect(eventListStatus(event({ type, firstStartsAt: at(-DAY), lastEndsAt: at(DAY) }), NOW)).toBe("published");
  });

  it.each(["REGULAR", "SEASON_CHILD"] as const)("%s is expired after its last end", (type) => {
    expect(eventListStatus(event({ type, firstStartsAt: at(-2 * DAY), lastEndsAt: at(-1) }), NOW)).toBe("expired");
  });

  it("is expired exactly at its last end, published a millisecond before", () => {
    expect(eventListStatus(event({ firstStartsAt: at(-DAY), lastEndsAt: NOW }), NOW)).toBe("expired");
    expect(eventListStatus(event({ firstStartsAt: at(-DAY), lastEndsAt: at(1) }), NOW)).toBe("published");
  });

  it("is published without dates", () => {
    expect(eventListStatus(event({ firstStartsAt: null, lastEndsAt: null }), NOW)).toBe("published");
  });
});

describe("eventListStatus: published seasons", () => {
  const season = (overrides: Partial<EventStatusInput>) => event({ type: "SEASONAL", ...overrides });

  it("is later before its first start", () => {
    expect(eventListStatus(season({ firstStartsAt: at(1), lastEndsAt: at(90 * DAY) }), NOW)).toBe("later");
  });

  it("is current from its first start while running", () => {
    expect(eventListStatus(season({ firstStartsAt: NOW, lastEndsAt: at(90 * DAY) }), NOW)).toBe("current");
    expect(eventListStatus(season({ firstStartsAt: at(-30 * DAY), lastEndsAt: at(60 * DAY) }), NOW)).toBe("current");
  });

  it("is expired after its last end", () => {
    expect(eventListStatus(season({ firstStartsAt: at(-90 * DAY), lastEndsAt: at(-1) }), NOW)).toBe("expired");
    expect(eventListStatus(season({ firstStartsAt: at(-90 * DAY), lastEndsAt: NOW }), NOW)).toBe("expired");
  });

  it("is later while it has no events yet", () => {
    expect(eventListStatus(season({ firstStartsAt: null, lastEndsAt: null }), NOW)).toBe("later");
  });
});

describe("isOnSale", () => {
  it.each([
    ["a published event", true, event()],
    ["a running published event", true, event({ firstStartsAt: at(-DAY), lastEndsAt: at(DAY) })],
    ["a season before its start", true, event({ type: "SEASONAL" })],
    ["a running season", true, event({ type: "SEASONAL", firstStartsAt: at(-DAY), lastEndsAt: at(DAY) })],
    ["an expired event", false, event({ firstStartsAt: at(-2 * DAY), lastEndsAt: at(-DAY) })],
    ["an expired season", false, event({ type: "SEASONAL", firstStartsAt: at(-2 * DAY), lastEndsAt: at(-DAY) })],
    ["a draft", false, event({ status: "draft" })],
    ["a scheduled event", false, event({ status: "scheduled" })],
    ["a cancelled event", false, event({ status: "cancelled" })],
  ] as const)("%s: %s", (_, expected, input) => {
    expect(isOnSale(input, NOW)).toBe(expected);
  });
});

describe("event-status predicates", () => {
  const rows: [EventStatus, { live: boolean; unpublished: boolean; released: boolean; cancellable: boolean; cancelled: boolean }][] = [
    ["draft", { live: false, unpublished: true, released: false, cancellable: false, cancelled: false }],
    ["scheduled", { live: false, unpublished: true, released: true, cancellable: true, cancelled: false }],
    ["published", { live: true, unpublished: false, released: true, cancellable: true, cancelled: false }],
    ["cancelled", { live: false, unpublished: false, released: false, cancellable: false, cancelled: true }],
  ];
  it.each(rows)("%s", (status, expected) => {
    expect({
      live: isLive(status),
      unpublished: isUnpublished(status),
      released: isReleased(status),
      cancellable: isCancellable(status),
      cancelled: isCancelled(status),
    }).toEqual(expected);
  });

  it("labels on sale: published, and a season later or current", () => {
    const onSale = EVENT_LIST_STATUSES.filter(isOnSaleLabel);
    expect(onSale.sort()).toEqual(["current", "later", "published"]);
  });
});
