import { expect, type Page } from "@playwright/test";

/**
 * The code the organiser's voucher of this spec gets: "E2E10" on the first attempt, one of its
 * own on a retry (the same server keeps the first attempt's voucher, and a code exists once per
 * event).
 */
export function voucherCodeOf(retry: number): string {
  return retry === 0 ? "E2E10" : `E2E10R${retry}`;
}

/**
 * In the organiser's "Discount" area (English UI, signed in): a 10 % voucher `code` for every
 * ticket category of the demo match, unlimited, valid from now for the proposed 10 days, made
 * through the form. Ends on the list, the form closed.
 */
export async function createTenPercentVoucherInUi(page: Page, code: string) {
  await page.getByRole("navigation").getByRole("link", { name: "Discount" }).click();
  await expect(page).toHaveURL(/\/dashboard\/vouchers$/);
  await page.getByRole("button", { name: "New voucher" }).click();
  const dialog = page.getByRole("dialog", { name: "New voucher" });
  await dialog.getByRole("textbox", { name: "Code" }).fill(code);
  await dialog.getByRole("combobox", { name: "Event or season" }).click();
  await page.getByRole("option", { name: /^FC Musterstadt/ }).click();
  // Every ticket category of the match (a MultiSelect stays open while choosing).
  await dialog.getByRole("combobox", { name: "Ticket categories" }).click();
  const options = page.getByRole("listbox").getByRole("option");
  await expect(options.first()).toBeVisible();
  const count = await options.count();
  for (let i = 0; i < count; i++) await options.nth(i).click();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("radio", { name: "Percentage" })).toBeChecked();
  await dialog.getByRole("textbox", { name: "Discount in percent" }).fill("10");
  await expect(dialog.getByRole("textbox", { name: "Minimum order value" })).toHaveValue("0.00 €");
  await dialog.getByRole("textbox", { name: "Maximum order value" }).fill("10000");
  await expect(dialog.getByRole("switch", { name: "Limit the number of redemptions" })).not.toBeChecked();
  await dialog.getByRole("button", { name: "Create voucher" }).click();
  await expect(dialog).toHaveCount(0);
  // The list shows it (the success toast closes after 3 s: on a busy machine it may be gone before a look).
  await expect(page.getByRole("link", { name: `Open voucher ${code}`, exact: true })).toBeVisible();
}
