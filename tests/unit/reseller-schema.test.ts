import { describe, expect, it } from "vitest";
import { createInput, emptyReseller, type ResellerFormValues, resellerFormSchema, toggledTickets, updateInput } from "../../client/pages/dashboard/resellers/form-model";
import { V } from "../../shared/schemas/messages";
import { ZResellerCreate, ZResellerPasswordReset, ZResellerUpdate } from "../../shared/schemas/resellers";

const EVENT = "8d0f6a52-52b8-4a7c-9d61-5b0c1f6a2e11";
const A = "2b6f1c1e-7d1a-4f5e-8a43-0c6d4b1f9e22";
const B = "3c7a2d2f-8e2b-4a6f-9b54-1d7e5c2a0f33";
const ID = "4d8b3e3a-9f3c-4b7a-8c65-2e8f6d3b1a44";

const filled = (): ResellerFormValues => ({
  ...emptyReseller(),
  name: "Kiosk Mitte",
  address: "Torstraße 12",
  city: "Berlin",
  zip: "10119",
  state: "Berlin",
  mobile: "+49 170 1234567",
  email: "Kiosk@Example.com",
  password: "Sell-pass1!",
  confirmPassword: "Sell-pass1!",
  events: [{ eventId: EVENT, tickets: [{ ticketCategoryId: A, priceCents: 2700 }] }],
});

/** The form's errors as useZodForm gets them (Mantine keeps each field's first issue): field path → message code. */
function errorsOf(values: ResellerFormValues, mode: "create" | "update" = "create"): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of resellerFormSchema(mode).safeParse(values).error?.issues ?? []) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

describe("the reseller schemas (SPEC §5 reseller form)", () => {
  it("take a complete reseller, lower-casing the email", () => {
    const parsed = ZResellerCreate.parse(createInput(filled()));
    expect(parsed).toMatchObject({ email: "kiosk@example.com", country: "DE", events: [{ eventId: EVENT, tickets: [{ ticketCategoryId: A, priceCents: 2700 }] }] });
    expect(ZResellerUpdate.parse(updateInput(ID, filled()))).not.toHaveProperty("password");
  });

  it("require every detail, a valid email, a password of 8+ with a special character and its confirmation", () => {
    const empty = { ...emptyReseller(), country: "" };
    expect(errorsOf(empty)).toMatchObject({
      name: V.required,
      address: V.required,
      city: V.required,
      zip: V.required,
      state: V.required,
      country: V.required,
      mobile: V.required,
      email: V.required,
      password: V.required,
      confirmPassword: V.required,
      events: V.eventsRequired,
    });
    expect(errorsOf({ ...filled(), email: "kiosk.example.com" })).toEqual({ email: V.email });
    expect(errorsOf({ ...filled(), password: "Ab1!xyz", confirmPassword: "Ab1!xyz" })).toEqual({ password: V.passwordMin });
    expect(errorsOf({ ...filled(), password: "NoSpecial123", confirmPassword: "NoSpecial123" })).toEqual({ password: V.passwordSpecial });
    // SPEC §5 asks for no upper case or digit here (unlike the registration).
    expect(errorsOf({ ...filled(), password: "only-lower", confirmPassword: "only-lower" })).toEqual({});
    expect(errorsOf({ ...filled(), confirmPassword: "Sell-pass1?" })).toEqual({ confirmPassword: V.passwordsMismatch });
    expect(ZResellerPasswordReset.safeParse({ id: ID, password: "Sell-pass1!", confirmPassword: "x" }).error?.issues[0]).toMatchObject({ path: ["confirmPassword"], message: V.passwordsMismatch });
  });

  it("require an event with a ticket each, prices of 0 or more, each event and ticket once", () => {
    const ticket = { ticketCategoryId: A, priceCents: 100 };
    expect(errorsOf({ ...filled(), events: [{ eventId: EVENT, tickets: [] }] })).toEqual({ "events.0.tickets": V.ticketsRequired });
    expect(errorsOf({ ...filled(), events: [{ eventId: EVENT, tickets: [{ ticketCategoryId: A, priceCents: -1 }] }] })).toEqual({ "events.0.tickets.0.priceCents": V.priceNegative });
    // An emptied price field says "required", not "not a number".
    expect(errorsOf({ ...filled(), events: [{ eventId: EVENT, tickets: [{ ticketCategoryId: A, priceCents: null }] }] })).toEqual({ "events.0.tickets.0.priceCents": V.required });
    expect(errorsOf({ ...filled(), events: [{ eventId: EVENT, tickets: [ticket] }, { eventId: EVENT, tickets: [ticket] }] })).toEqual({ "events.1.eventId": V.duplicate });
    expect(errorsOf({ ...filled(), events: [{ eventId: EVENT, tickets: [ticket, ticket] }] })).toEqual({ "events.0.tickets.1.ticketCategoryId": V.duplicate });
    expect(errorsOf({ ...filled(), events: [{ eventId: EVENT, tickets: [{ ticketCategoryId: A, priceCents: 0 }] }] })).toEqual({});
  });

  it("checks an edit without password fields", () => {
    expect(errorsOf({ ...filled(), password: "", confirmPassword: "" }, "update")).toEqual({});
    expect(errorsOf({ ...filled(), city: "" }, "update")).toEqual({ city: V.required });
  });
});

describe("ticking the tickets of an event", () => {
  const offered = [
    { id: A, name: "Ticket a", priceCents: 2500 },
    { id: B, name: "Ticket b", priceCents: 4000 },
  ];
  it("adds a category at its online price in the event's order and removes it again", () => {
    const withB = toggledTickets(offered, [], B, true);
    expect(withB).toEqual([{ ticketCategoryId: B, priceCents: 4000 }]);
    const both = toggledTickets(offered, [{ ticketCategoryId: B, priceCents: 3900 }], A, true);
    expect(both).toEqual([
      { ticketCategoryId: A, priceCents: 2500 },
      { ticketCategoryId: B, priceCents: 3900 },
    ]);
    expect(toggledTickets(offered, both, A, false)).toEqual([{ ticketCategoryId: B, priceCents: 3900 }]);
  });
});
