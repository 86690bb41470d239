import { expect, test } from "@playwright/test";
import { signInAsOrganiser, useEnglish } from "./helpers";
import { createTenPercentVoucherInUi, voucherCodeOf } from "./voucher-helpers";

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

  // The buyer's side of this voucher: tests/e2e/voucher-checkout.spec.ts (a voucher made in this form, applied and paid).
});
