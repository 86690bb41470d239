import { expect, type Page, test } from "@playwright/test";
import { signInAsOrganiser, useEnglish } from "./helpers";

/**
 * The code the organiser's voucher of this spec gets: "E2E10" on the first attempt, one of its
 * own on a retry (the same server keeps the first attempt's voucher, and a code exists once per
 * event). The buyer step below applies it.
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
  await expect(page.getByText(`Voucher ${code} created.`)).toBeVisible();
}

test("the organiser creates a 10 % voucher for the demo match in the Discount area and sees it active and unused in the list", async ({ page }, testInfo) => {
  const code = voucherCodeOf(testInfo.retry);
  await useEnglish(page);
  await signInAsOrganiser(page);

  // The form checks what it can before sending: nothing typed, every required field says so.
  await page.getByRole("navigation").getByRole("link", { name: "Discount" }).click();
  await page.getByRole("button", { name: "New voucher" }).click();
  const empty = page.getByRole("dialog", { name: "New voucher" });
  await empty.getByRole("button", { name: "Create voucher" }).click();
  await expect(empty.getByRole("textbox", { name: "Code" })).toHaveAttribute("aria-invalid", "true");
  await expect(empty.getByText("This field is required.").first()).toBeVisible();
  // Typed data is not lost silently: closing asks first.
  await empty.getByRole("textbox", { name: "Code" }).fill("SOMETHING");
  await empty.getByRole("button", { name: "Close" }).click();
  await page.getByRole("button", { name: "Leave" }).click();
  await expect(empty).toHaveCount(0);

  await createTenPercentVoucherInUi(page, code);
  const row = page.getByTestId("voucher-row").filter({ has: page.getByRole("link", { name: `Open voucher ${code}`, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("FC Musterstadt");
  await expect(row).toContainText("10%");
  await expect(row).toContainText("Active");
  await expect(row.getByTestId("voucher-uses")).toHaveText("0 / ∞");

  // The same code again for the same event: the server refuses it, on the code field.
  await page.getByRole("button", { name: "New voucher" }).click();
  const again = page.getByRole("dialog", { name: "New voucher" });
  await again.getByRole("textbox", { name: "Code" }).fill(code.toLowerCase());
  await again.getByRole("combobox", { name: "Event or season" }).click();
  await page.getByRole("option", { name: /^FC Musterstadt/ }).click();
  await again.getByRole("combobox", { name: "Ticket categories" }).click();
  await page.getByRole("listbox").getByRole("option").first().click();
  await page.keyboard.press("Tab");
  await again.getByRole("textbox", { name: "Discount in percent" }).fill("5");
  await again.getByRole("textbox", { name: "Maximum order value" }).fill("100");
  await again.getByRole("button", { name: "Create voucher" }).click();
  await expect(again.getByRole("textbox", { name: "Code" })).toHaveAccessibleDescription(/already exists for this event or series/);
  await again.getByRole("button", { name: "Close" }).click();
  await page.getByRole("button", { name: "Leave" }).click();
  await expect(again).toHaveCount(0);

  // Opened again, the voucher shows what was saved and that it has not been redeemed.
  await row.getByRole("link", { name: `Open voucher ${code}`, exact: true }).click();
  const edit = page.getByRole("dialog", { name: `Edit voucher ${code}` });
  await expect(edit.getByRole("textbox", { name: "Code" })).toHaveValue(code);
  await expect(edit.getByRole("textbox", { name: "Discount in percent" })).toHaveValue("10.00 %");
  await expect(edit.getByTestId("voucher-used-count")).toHaveText("Redeemed so far: 0");
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(edit).toHaveCount(0);

  // buyer step: added by the checkout work
});
