import { describe, expect, it } from "vitest";
import { createInput, formSchema, initialTerms, termsInput, type VoucherFormValues } from "../../client/pages/dashboard/vouchers/form-model";
import { numberingOf, rowLabel, seatLabel, seatRuns } from "../../client/pages/dashboard/vouchers/seat-keys";
import { V } from "../../shared/schemas/messages";
import { ZCreateVoucherInput } from "../../shared/schemas/vouchers";

const EVENT = "8d0f6a52-52b8-4a7c-9d61-5b0c1f6a2e11";
const CATEGORY = "2b6f1c1e-7d1a-4f5e-8a43-0c6d4b1f9e22";
const schema = formSchema<VoucherFormValues>(ZCreateVoucherInput, createInput);

/** The form's errors as useZodForm gets them: field path → message code. */
function errorsOf(values: VoucherFormValues): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

const filled = (): VoucherFormValues => ({
  ...initialTerms(new Date("2026-03-01T10:15:42Z")),
  code: "e2e10",
  value: 1000,
  maxOrderCents: 1_000_000,
  eventId: EVENT,
  ticketCategoryIds: [CATEGORY],
});

describe("the voucher form's values", () => {
  it("proposes a validity from now (to the minute, Berlin time) for 10 days", () => {
    const terms = initialTerms(new Date("2026-03-01T10:15:42Z"));
    expect(terms.validFrom).toBe("2026-03-01 11:15:00");
    expect(terms.validUntil).toBe("2026-03-11 11:15:00");
    // Across the change to summer time the wall clock stays.
    expect(initialTerms(new Date("2026-03-25T10:00:00Z")).validUntil).toBe("2026-04-04 12:00:00");
  });

  it("sends cents and basis points as typed, the validity as instants and no limit while unlimited", () => {
    const input = termsInput({ ...filled(), kind: "fixed", value: 550, minOrderCents: 0, maxOrderCents: 20_000 });
    expect(input).toMatchObject({ kind: "fixed", value: 550, minOrderCents: 0, maxOrderCents: 20_000, maxUses: null, eventId: EVENT });
    expect(input.validFrom).toEqual(new Date("2026-03-01T10:15:00Z"));
    expect(input.validUntil).toEqual(new Date("2026-03-11T10:15:00Z"));
    expect(termsInput({ ...filled(), limited: true, maxUses: 25 }).maxUses).toBe(25);
  });

  it("passes a complete voucher", () => {
    expect(errorsOf(filled())).toEqual({});
  });

  it("says 'required' for every empty required field, all at once", () => {
    const errors = errorsOf({ ...initialTerms(), code: "" });
    expect(errors).toMatchObject({ code: V.required, eventId: V.required, value: V.required, maxOrderCents: V.required, ticketCategoryIds: V.required });
    expect(errorsOf({ ...filled(), limited: true, maxUses: "" })).toEqual({ maxUses: V.required });
    expect(errorsOf({ ...filled(), validFrom: "" })).toMatchObject({ validFrom: V.required });
  });

  it("keeps the shared rules' own messages: code, percent over 100, minimum above maximum, end before start", () => {
    expect(errorsOf({ ...filled(), code: "with space" })).toEqual({ code: V.voucherCode });
    expect(errorsOf({ ...filled(), value: 10_001 })).toEqual({ value: V.percentMax });
    expect(errorsOf({ ...filled(), minOrderCents: 5000, maxOrderCents: 4000 })).toEqual({ maxOrderCents: V.minAboveMax });
    expect(errorsOf({ ...filled(), validUntil: "2026-03-01 11:00:00" })).toEqual({ validUntil: V.validUntilBeforeFrom });
    expect(errorsOf({ ...filled(), limited: true, maxUses: 0 })).toEqual({ maxUses: V.positive });
  });
});

describe("the seat picker's seat keys", () => {
  const numbered = { id: "N2", name: "Nord 2", kind: "seated" as const, rows: 10, seatsPerRow: 20, rowSeats: { "0": 18 }, firstRow: 1, firstSeat: 1, rowDirection: "UP" as const, seatDirection: "LEFT" as const };
  const bare = { id: "N2", name: "Nord 2", kind: "seated" as const };

  it("labels rows and seats as the plan prints them when the block's numbering is known", () => {
    expect(numberingOf(numbered)).not.toBeNull();
    expect(rowLabel(numbered, 0)).toBe("10");
    expect(seatLabel(numbered, 0, 0)).toBe("18");
    expect(seatLabel(numbered, 1, 0)).toBe("20");
  });

  it("counts from 1 in the plan's order without it", () => {
    expect(numberingOf(bare)).toBeNull();
    expect(rowLabel(bare, 0)).toBe("1");
    expect(seatLabel(bare, 2, 4)).toBe("5");
  });

  it("groups chosen keys into runs of neighbouring seats per row, duplicates once", () => {
    const { runs, unreadable } = seatRuns(["N2:0:3", "N2:0:4", "N2:0:5", "N2:0:9", "N1:2:0", "N2:0:4", "junk"]);
    expect(unreadable).toEqual(["junk"]);
    expect(runs.map((r) => [r.blockId, r.row, r.from, r.to])).toEqual([
      ["N1", 2, 0, 0],
      ["N2", 0, 3, 5],
      ["N2", 0, 9, 9],
    ]);
    expect(runs[1]!.keys).toEqual(["N2:0:3", "N2:0:4", "N2:0:5"]);
  });
});
