import { expect, type Page, test } from "@playwright/test";
import { openApp, signInAsOrganiser, useEnglish } from "./helpers";
import { axeViolations } from "./axe";


/** "€1,234.56" or "-€45.00" (the page's en-GB money) in cents. */
function centsOf(text: string | null): number {
  const match = /(-?)€([\d,]+)\.(\d{2})/.exec(text ?? "");
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  return (match[1] ? -1 : 1) * (Number(match[2]!.replace(/,/g, "")) * 100 + Number(match[3]));
}

const euros = (cents: number) => `€${(cents / 100).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function balanceOf(page: Page): Promise<number> {
  const figure = page.getByTestId("wallet-balance");
  await expect(figure).toHaveText(/€/);
  return centsOf(await figure.textContent());
}

/** Opens "Request withdrawal" and returns its dialog. */
async function openWithdrawal(page: Page) {
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  const dialog = page.getByRole("dialog", { name: "Request withdrawal" });
  await expect(dialog).toBeVisible();
  return dialog;
}


// axe is injected as a script tag, which the server's CSP refuses.
test.use({ bypassCSP: true });

test("the organiser requests a withdrawal from the wallet: it is pending, the balance is lowered, more than the balance is refused", async ({ page, context }) => {
  await useEnglish(page);
  await signInAsOrganiser(page);
  await page.getByRole("link", { name: "Wallet", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Wallet", level: 1 })).toBeVisible();

  // The demo buyers' paid online orders are in the ledger and make the balance.
  await expect(page.getByTestId("ledger-row").filter({ hasText: "Paid order" }).first()).toBeVisible();
  const before = await balanceOf(page);
  expect(before).toBeGreaterThan(1500);

  // Payouts need the account's bank details. The demo organiser has none in a fresh run: the
  // wallet's notice leads to them (a retry on the same server finds them saved by the first try).
  const notice = page.getByText("No payment details yet");
  if (await notice.isVisible()) {
    await expect(page.getByRole("button", { name: "Request withdrawal" })).toBeDisabled();
    await page.getByRole("link", { name: "Payment details" }).click();
    await expect(page).toHaveURL(/\/dashboard\/profile\/payment$/);
    const form = page.getByRole("form", { name: "Payment details" });
    await form.getByRole("textbox", { name: "Bank name" }).fill("Commerzbank");
    await form.getByRole("textbox", { name: "IBAN" }).fill("DE89 3704 0044 0532 0130 00");
    await form.getByRole("textbox", { name: "BIC" }).fill("COBADEFFXXX");
    await form.getByRole("button", { name: "Save payment details" }).click();
    await expect(page.getByText("Your payment details are saved.")).toBeVisible();
    await page.getByRole("link", { name: "Wallet", exact: true }).click();
  }
  await expect(page.getByTestId("wallet-iban")).toHaveText("DE89 •••• 3000");
  const withdrawals = page.getByTestId("withdrawal-row");
  const beforeRows = await withdrawals.count();

  // A part of the balance: the form starts with all of it.
  let dialog = await openWithdrawal(page);
  const amount = dialog.getByRole("textbox", { name: "Amount" });
  await expect(amount).toHaveValue(`${(before / 100).toFixed(2)} €`);
  await amount.fill("10.50");
  await dialog.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByText("Withdrawal of €10.50 requested.")).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await expect(withdrawals).toHaveCount(beforeRows + 1);
  const newest = withdrawals.first();
  await expect(newest).toContainText("Pending");
  await expect(newest).toContainText("€10.50");
  await expect(newest).toContainText("Bank transfer");
  await expect(newest).toContainText("DE89 •••• 3000");
  await expect(page.getByTestId("wallet-balance")).toContainText(euros(before - 1050));
  await expect(page.getByTestId("wallet-last-withdrawal")).toHaveText("€10.50");
  await expect(page.getByTestId("ledger-row").first()).toContainText("Withdrawal");
  await expect(page.getByTestId("ledger-row").first()).toContainText("-€10.50");

  // More than the balance: the form says so and nothing is written.
  const after = before - 1050;
  dialog = await openWithdrawal(page);
  await dialog.getByRole("textbox", { name: "Amount" }).fill(((after + 100) / 100).toFixed(2));
  await dialog.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(dialog.getByText("The amount is higher than your available balance.")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(withdrawals).toHaveCount(beforeRows + 1);

  // A second tab still shows the old balance and offers all of it; meanwhile the first tab takes
  // €5. The server checks the balance again: the second tab's request is refused in its form.
  const stale = await context.newPage();
  await openApp(stale, "/dashboard/wallet");
  await expect(stale.getByTestId("wallet-balance")).toContainText(euros(after));
  const staleDialog = await openWithdrawal(stale);
  await expect(staleDialog.getByRole("textbox", { name: "Amount" })).toHaveValue(`${(after / 100).toFixed(2)} €`);

  dialog = await openWithdrawal(page);
  await dialog.getByRole("textbox", { name: "Amount" }).fill("5");
  await dialog.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(page.getByText("Withdrawal of €5.00 requested.")).toBeVisible();
  await expect(page.getByTestId("wallet-balance")).toContainText(euros(after - 500));

  await staleDialog.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(staleDialog.getByText("The amount is higher than your available balance.")).toBeVisible();
  // Its figures are read again after the refusal.
  await expect(stale.getByTestId("wallet-balance")).toContainText(euros(after - 500));
  await stale.close();

  await page.reload();
  await expect(page.getByTestId("withdrawal-row")).toHaveCount(beforeRows + 2);
  await expect(page.getByTestId("wallet-balance")).toContainText(euros(after - 500));

  // The page passes axe's WCAG 2.1 A/AA rules.
  await expect(page.getByTestId("ledger-row").first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
