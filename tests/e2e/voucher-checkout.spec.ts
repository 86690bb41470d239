import { expect, test } from "@playwright/test";
import { cursorOnTwoFreeSeats, demoMatchId, openApp, signInAsOrganiser, useEnglish } from "./helpers";
import { createTenPercentVoucherInUi } from "./voucher-helpers";

/** "€60.00" (English UI) in cents. */
const cents = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);
const euros = (c: number) => `€${(c / 100).toFixed(2)}`;

test("an organiser creates a 10 % voucher in the Discount area; a buyer applies it at checkout, pays the discounted total and the order shows it", async ({
  browser,
  page,
  request,
  baseURL,
}) => {
  const id = await demoMatchId(baseURL!, request);
  // The organiser, in a browser context of their own: the voucher made through the form.
  const code = `BUY10${Date.now().toString(36).toUpperCase()}`;
  const organiserContext = await browser.newContext({ baseURL: baseURL! });
  const organiser = await organiserContext.newPage();
  await useEnglish(organiser);
  await signInAsOrganiser(organiser);
  await createTenPercentVoucherInUi(organiser, code);
  await organiserContext.close();

  // The buyer, signed out.
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
