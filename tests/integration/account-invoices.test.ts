import { randomUUID } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appCodeOf, createTestApp, type TestApp } from "./helpers/app";
import { signedInTeamMember } from "./helpers/events";
import { decideVia } from "./helpers/orders";
import { createOrganiserWithOwnerFor } from "./helpers/plans";
import { attempt } from "./helpers/trpc";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** An organiser that bought (and, unless `paid` is false, paid) the professional plan monthly. */
async function organiserWithInvoice(paid = true) {
  const created = await createOrganiserWithOwnerFor(t);
  const started = await created.client.trpc.account.plan.buy.mutate({ planKey: "professional", period: "monthly", idempotencyKey: randomUUID() });
  if (paid) await decideVia(created.client, /([0-9a-f-]{36})$/.exec(started.redirectUrl!)![1]!, "paid");
  const [invoice] = await created.client.trpc.account.invoices.list.query();
  return { ...created, invoice: invoice! };
}

describe("platform invoices", () => {
  it("a plan purchase issues an unpaid invoice, its payment marks it paid; gross with 19 % VAT in it", async () => {
    const unpaid = await organiserWithInvoice(false);
    expect(unpaid.invoice).toMatchObject({ item: "plan:professional:monthly:2500", amountCents: 7900, vatCents: 1261, status: "unpaid", paidAt: null });
    const paid = await organiserWithInvoice(true);
    expect(paid.invoice).toMatchObject({ status: "paid", purchaseStatus: "paid" });
    expect(paid.invoice.paidAt).toBeInstanceOf(Date);
    // Numbers come from one sequence, per year of issue.
    const year = new Date().getUTCFullYear();
    expect(unpaid.invoice.number).toMatch(new RegExp(`^P-${year}-\\d{6}$`));
    expect(paid.invoice.number > unpaid.invoice.number).toBe(true);
  });

  it("downloads as a PDF for its organiser and its team members with profile access only", async () => {
    const { organiser, client, invoice } = await organiserWithInvoice();
    const url = `/api/account/invoices/${invoice.id}.pdf?lang=de`;
    const res = await client.request({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toContain(`invoice-${invoice.number}.pdf`);
    const pdf = await PDFDocument.load(res.rawPayload);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Rechnung ${invoice.number}`);
    expect((await client.request({ method: "GET", url: `/api/account/invoices/${invoice.id}.pdf?lang=en` })).statusCode).toBe(200);

    const { client: member } = await signedInTeamMember(t, organiser.id, { orgProfileAccess: true });
    expect((await member.request({ method: "GET", url })).statusCode).toBe(200);
    const { client: noAccess } = await signedInTeamMember(t, organiser.id, { viewOrders: true });
    expect((await noAccess.request({ method: "GET", url })).statusCode).toBe(403);
    expect(appCodeOf(await attempt(noAccess.trpc.account.invoices.list.query()))).toBe("FORBIDDEN");

    const other = await createOrganiserWithOwnerFor(t);
    expect((await other.client.request({ method: "GET", url })).statusCode).toBe(404);
    expect(await other.client.trpc.account.invoices.list.query()).toEqual([]);
    expect((await t.client().request({ method: "GET", url })).statusCode).toBe(401);
    expect((await client.request({ method: "GET", url: "/api/account/invoices/not-an-id.pdf" })).statusCode).toBe(404);
  });
});
