import { expect, type Page, test } from "@playwright/test";
import { chooseOption, login, openApp, signInAsOrganiser, useEnglish } from "./helpers";
import { axeViolations } from "./axe";



/** The ids of the withdrawals the queue shows now. */
async function queuedIds(page: Page): Promise<string[]> {
  const rows = page.getByTestId("queue-row");
  return (await rows.evaluateAll((els) => els.map((el) => el.getAttribute("data-withdrawal-id")))).filter((id): id is string => id !== null);
}

/** The wallet's "Request withdrawal" of `amount` (en-GB euros); the payment details are saved first when missing. */
async function requestWithdrawal(page: Page, amount: string) {
  await openApp(page, "/dashboard/profile/payment");
  const form = page.getByRole("form", { name: "Payment details" });
  const iban = form.getByRole("textbox", { name: "IBAN" });
  await expect(iban).toBeVisible();
  if ((await iban.inputValue()).trim() === "") {
    await form.getByRole("textbox", { name: "Bank name" }).fill("Commerzbank");
    await iban.fill("DE89 3704 0044 0532 0130 00");
    await form.getByRole("textbox", { name: "BIC" }).fill("COBADEFFXXX");
    await form.getByRole("button", { name: "Save payment details" }).click();
    await expect(page.getByText("Your payment details are saved.")).toBeVisible();
  }
  await page.getByRole("link", { name: "Wallet", exact: true }).click();
  await expect(page.getByTestId("wallet-iban")).toHaveText("DE89 •••• 3000");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  const dialog = page.getByRole("dialog", { name: "Request withdrawal" });
  await dialog.getByRole("textbox", { name: "Amount" }).fill(amount);
  await dialog.getByRole("button", { name: "Request withdrawal" }).click();
  await expect(dialog).toHaveCount(0);
}

test("an admin accepts an organiser's withdrawal with the bank's reference: the organiser sees it accepted, the audit log lists it", async ({ page, browser }) => {
  // Two people, two browser contexts and three axe runs: more than the default minute.
  test.setTimeout(150_000);
  // The admin's queue before the request: the new withdrawal is the one not in it.
  // The admin works in a browser context of its own (the organiser's session stays apart).
  // axe is injected as an inline script, which the server's CSP refuses: bypassed in this context only.
  const admin = await (await browser.newContext({ bypassCSP: true })).newPage();
  await useEnglish(admin);
  await login(admin, "admin@example.com");
  await admin.getByRole("link", { name: "Withdrawals", exact: true }).click();
  await expect(admin.getByRole("heading", { name: "Withdrawals", level: 1 })).toBeVisible();
  await expect(admin.getByRole("radio", { name: "Pending" })).toBeChecked();
  await expect(admin.getByTestId("queue-row").or(admin.getByText("No withdrawal is waiting for a decision."))).not.toHaveCount(0);
  const before = await queuedIds(admin);

  // The demo organiser (paid online orders in the demo data) asks for 5 €.
  await useEnglish(page);
  await signInAsOrganiser(page);
  await requestWithdrawal(page, "5");
  await expect(page.getByText("Withdrawal of €5.00 requested.")).toBeVisible();

  // It is pending in the queue, with the balance now and the whole IBAN in groups of four.
  await admin.reload();
  await expect(admin.getByTestId("queue-row")).toHaveCount(before.length + 1);
  const id = (await queuedIds(admin)).find((queued) => !before.includes(queued));
  expect(id).toBeTruthy();
  const row = admin.locator(`[data-testid="queue-row"][data-withdrawal-id="${id}"]`);
  await expect(row).toContainText("€5.00");
  await expect(row.getByTestId("withdrawal-iban")).toHaveText("DE89 3704 0044 0532 0130 00");
  await expect(row).toContainText("COBADEFFXXX");
  expect(await axeViolations(admin)).toEqual([]);

  // A second tab keeps the queue as it was: it tries the same withdrawal after the first decided.
  const stale = await admin.context().newPage();
  await openApp(stale, "/admin-dashboard/withdrawals");
  await expect(stale.locator(`[data-testid="queue-row"][data-withdrawal-id="${id}"]`)).toBeVisible();

  // Accepting asks for the bank's reference of the transfer.
  await row.getByRole("button", { name: /^Accept/ }).click();
  const dialog = admin.getByRole("dialog", { name: "Accept withdrawal" });
  await expect(dialog).toContainText("DE89 3704 0044 0532 0130 00");
  await dialog.getByRole("button", { name: "Accept withdrawal" }).click();
  await expect(dialog.getByText("Enter the bank's reference of the transfer.")).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);
  await dialog.getByRole("textbox", { name: "Payout reference" }).fill("SEPA-E2E-1");
  await dialog.getByRole("button", { name: "Accept withdrawal" }).click();
  await expect(admin.getByText(/The withdrawal of €5\.00 to .+ is accepted/)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);

  // The accepted tab shows it with its reference.
  await admin.getByText("Accepted", { exact: true }).click();
  await expect(admin.getByRole("radio", { name: "Accepted" })).toBeChecked();
  await expect(row).toContainText("SEPA-E2E-1");

  // The stale tab's decision is refused by the server, in its dialog; its list is read again.
  await stale.locator(`[data-testid="queue-row"][data-withdrawal-id="${id}"]`).getByRole("button", { name: /^Refuse/ }).click();
  const staleDialog = stale.getByRole("dialog", { name: "Refuse withdrawal" });
  await staleDialog.getByRole("textbox", { name: "Reason (the organiser reads it)" }).fill("Too late");
  await staleDialog.getByRole("button", { name: "Refuse withdrawal" }).click();
  await expect(staleDialog.getByRole("alert")).toHaveText("This withdrawal has already been decided.");
  await expect(stale.locator(`[data-testid="queue-row"][data-withdrawal-id="${id}"]`)).toHaveCount(0);
  await stale.close();

  // The organiser sees the payout accepted, with the reference.
  await page.reload();
  const mine = page.getByTestId("withdrawal-row").filter({ hasText: "SEPA-E2E-1" });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("Accepted");
  await expect(mine).toContainText("€5.00");

  // The audit log lists the acceptance: who, on which withdrawal, what changed.
  await admin.getByRole("link", { name: "Audit log", exact: true }).click();
  await expect(admin.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  await chooseOption(admin, "Action", "Withdrawal accepted");
  const entry = admin.getByTestId("audit-entry").first();
  await expect(entry).toHaveAttribute("data-action", "withdrawal.accept");
  await expect(entry).toContainText("Withdrawal accepted");
  await expect(entry).toContainText("admin@example.com");
  await expect(entry).toContainText(`Withdrawal ${id!.slice(0, 8)}`);
  await expect(entry).toContainText("€5.00");
  const changes = entry.getByTestId("audit-changes");
  await expect(changes).toContainText(/Status: Pending\s*→\s*(changed to\s*)?Accepted/);
  await expect(changes).toContainText("SEPA-E2E-1");
  await entry.getByText("Show details").click();
  await expect(entry.locator("pre")).toContainText(`"targetId": "${id}"`);
  expect(await axeViolations(admin)).toEqual([]);
  await admin.context().close();
});
