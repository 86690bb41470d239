import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import superjson from "superjson";
import { cursorOnTwoFreeSeats, demoMatchId, openApp, ORGANISER_STATE } from "./helpers";

/** The organiser's session of this run (auth.setup.ts), as a Cookie header. */
function organiserHeaders(baseURL: string) {
  const state = JSON.parse(readFileSync(ORGANISER_STATE, "utf8")) as { cookies: { name: string; value: string }[] };
  return { origin: baseURL, cookie: state.cookies.map((c) => `${c.name}=${c.value}`).join("; "), "content-type": "application/json" };
}

/**
 * A 10 % voucher on every ticket category of the demo match, made through the organiser's API
 * (vouchers.targets names the categories, vouchers.create makes it). A code of its own per run
 * and attempt, so a retry or the organiser's voucher spec never meets "code exists".
 */
async function createTenPercentVoucher(request: APIRequestContext, baseURL: string, eventId: string): Promise<string> {
  const headers = organiserHeaders(baseURL);
  const targets = await request.get("/trpc/vouchers.targets", { headers });
  expect(targets.ok(), await targets.text()).toBeTruthy();
  const list = superjson.deserialize<{ id: string; categories: { id: string; eventId: string }[] }[]>((await targets.json()).result.data);
  const match = list.find((t) => t.id === eventId);
  if (!match) throw new Error("the demo match is no voucher target");
  const code = `BUY10${Date.now().toString(36).toUpperCase()}`;
  const now = Date.now();
  const created = await request.post("/trpc/vouchers.create", {
    headers,
    data: superjson.serialize({
      code,
      kind: "percent",
      value: 1000,
      minOrderCents: 0,
      maxOrderCents: 100_000_000,
      maxUses: null,
      eventId,
      ticketCategoryIds: match.categories.filter((c) => c.eventId === eventId).map((c) => c.id),
      blockIds: [],
      seatKeys: [],
      validFrom: new Date(now - 60_000),
      validUntil: new Date(now + 10 * 24 * 3600_000),
      description: "e2e: buyer's checkout",
      status: "active",
    }),
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return code;
}

/** "€60.00" (English UI) in cents. */
const cents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);
const euros = (c: number) => `€${(c / 100).toFixed(2)}`;

test("a buyer applies a 10 % voucher at checkout, sees the discount, pays the discounted total with the test provider and the order shows it", async ({
  page,
  request,
  baseURL,
}) => {
  const id = await demoMatchId(baseURL!, request);
  const code = await createTenPercentVoucher(request, baseURL!, id);
  await page.addInitScript(() => localStorage.setItem("lang", "en"));
  await openApp(page, `/event/${id}`);
  await expect(page.getByTestId("seat-map")).toHaveAttribute("data-feed-ready", "true");

  // Two neighbouring seats, picked with the keyboard on the plan (as the purchase test does).
  await page.getByRole("application").focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await cursorOnTwoFreeSeats(page);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-seat")).toHaveCount(1);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-seat")).toHaveCount(2);
  await page.getByRole("button", { name: "Continue to checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\?cart=/);
  await expect(page.getByTestId("checkout-ticket")).toHaveCount(2);

  const ticketsCents = cents(await page.getByTestId("checkout-summary-tickets").locator("p").last().textContent());
  const fullTotal = cents(await page.getByTestId("checkout-summary-total").textContent());
  expect(ticketsCents).toBeGreaterThan(0);
  await expect(page.getByTestId("checkout-summary-discount")).toHaveCount(0);

  // A code that does not exist: its error on the field, nothing changes.
  await page.getByTestId("voucher-input").fill("NO-SUCH-CODE");
  await page.getByTestId("voucher-apply").click();
  await expect(page.getByTestId("voucher-error")).toHaveText("This voucher code is invalid.");
  await expect(page.getByTestId("checkout-summary-total")).toHaveText(euros(fullTotal));

  // The organiser's voucher, typed in lower case; Enter in the field applies it (the order is not placed).
  await page.getByTestId("voucher-input").fill(code.toLowerCase());
  await page.getByTestId("voucher-input").press("Enter");
  await expect(page.getByTestId("voucher-remove")).toBeVisible();
  await expect(page.getByTestId("voucher-error")).toHaveCount(0);
  const discount = Math.floor((ticketsCents * 1000 * 2 + 10000) / 20000);
  await expect(page.getByTestId("checkout-summary-discount")).toContainText(`Discount (${code})`);
  await expect(page.getByTestId("checkout-summary-discount")).toContainText(`−${euros(discount)}`);
  const total = fullTotal - discount;
  await expect(page.getByTestId("checkout-summary-total")).toHaveText(euros(total));
  await expect(page.getByTestId("checkout-submit")).toHaveText(`Pay ${euros(total)}`);

  await page.getByRole("textbox", { name: "First name" }).fill("Vera");
  await page.getByRole("textbox", { name: "Last name" }).fill("Voucher");
  await page.getByRole("textbox", { name: "Email" }).fill("vera.voucher@example.com");
  await page.getByRole("checkbox", { name: /I accept the/ }).check();
  await page.getByTestId("checkout-submit").click();

  // The test provider asks for the discounted total: what the checkout showed is what is charged.
  await expect(page).toHaveURL(/\/test-payment\//);
  await expect(page.getByTestId("test-payment-banner")).toBeVisible();
  await expect(page.getByText(euros(total)).first()).toBeVisible();
  await page.getByRole("button", { name: "Pay successfully" }).click();
  await expect(page).toHaveURL(/\/successful\?/);
  await page.getByTestId("view-tickets").click();

  await expect(page).toHaveURL(/\/tickets-view\?order=/);
  await expect(page.getByTestId("order-status")).toContainText(/valid/i);
  await expect(page.getByTestId("ticket-line")).toHaveCount(2);
  await expect(page.getByTestId("order-discount")).toContainText(`Discount (${code})`);
  await expect(page.getByTestId("order-discount")).toContainText(`−${euros(discount)}`);
  await expect(page.getByTestId("order-total")).toContainText(euros(total));
});
