import { readFileSync } from "node:fs";
import { type Download, expect, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { signInAsOrganiser, useEnglish } from "./helpers";

/** The bytes of a downloaded file. */
async function downloaded(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFileSync(path);
}

test.use({ bypassCSP: true });

test("the organiser opens the sales report, sees its table and chart, downloads its CSV and PDF, and exports every ticket line", async ({ page }) => {
  test.setTimeout(90_000);
  await useEnglish(page);
  await signInAsOrganiser(page);
  await page.getByRole("link", { name: "Report", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports\/sales$/);
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Sales" })).toHaveAttribute("aria-selected", "true");

  // This month's sales per day: the demo buyers' orders of today, with a totals row.
  const table = page.getByTestId("report-table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Gross sales" })).toBeVisible();
  await expect(table.locator("tbody tr")).not.toHaveCount(0);
  await expect(page.getByTestId("report-totals")).toContainText("Total");
  await expect(page.getByTestId("report-chart")).toContainText("Gross sales");

  // The CSV: English, "," between fields, the table's columns, money in EUR with a decimal point.
  const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^report-sales-day-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await downloaded(csv)).toString("utf8").replace(/^\uFEFF/, "").split(/\r?\n/);
  expect(lines[0]).toBe("Day,Orders,Tickets,Paid (EUR),Refunds (EUR),Gross sales (EUR),Service fees (EUR),Box office fees (EUR),Revenue (EUR)");
  expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2},\d+,\d+,\d+\.\d{2},/);
  expect(lines.filter(Boolean).at(-1)).toMatch(/^Total,\d+,\d+,\d+\.\d{2},/);

  // The PDF.
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/^report-sales-day-.*\.pdf$/);
  expect((await downloaded(pdf)).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  // Per payment method: the view switch changes the table's first column.
  await page.getByText("Per payment method").click();
  await expect(page).toHaveURL(/view=method/);
  await expect(table.getByRole("columnheader", { name: "Payment method" })).toBeVisible();

  // Last month has no sales: the SPEC's text, and no download.
  await page.getByRole("combobox", { name: "Period" }).click();
  await page.getByRole("option", { name: "Last month" }).click();
  await expect(page.getByTestId("report-error")).toHaveText("There is no data for this period.");
  await expect(page.getByRole("button", { name: "Download CSV" })).toBeDisabled();

  // This month again, and every ticket line exported in the background: progress, then the file.
  await page.getByRole("combobox", { name: "Period" }).click();
  await page.getByRole("option", { name: "This month" }).click();
  await expect(table).toBeVisible();
  await page.getByRole("button", { name: "Start export" }).click();
  const item = page.getByTestId("report-export").first();
  await expect(item.getByText("Ready")).toBeVisible({ timeout: 30_000 });
  const [lineFile] = await Promise.all([page.waitForEvent("download"), item.getByRole("link", { name: /Download ticket lines/ }).click()]);
  const rows = (await downloaded(lineFile)).toString("utf8").replace(/^\uFEFF/, "").split(/\r?\n/).filter(Boolean);
  expect(rows[0]).toBe("Order number,Paid at,Channel,Payment method,Event,Event date,Ticket category,Place,Price (EUR),Booking options,Options (EUR),Discount (EUR),Total (EUR),VAT rate (%),VAT (EUR),Status,Buyer,Email");
  expect(rows.length).toBeGreaterThan(1);
  await expect(item).toContainText(`${rows.length - 1} ticket lines`);

  expect(await axeViolations(page)).toEqual([]);
});

test("the check-in report asks for an event first", async ({ page }) => {
  await useEnglish(page);
  await signInAsOrganiser(page);
  await page.goto("/dashboard/reports/checkins");
  await expect(page.getByTestId("report-error")).toHaveText("Please select an event for this report.");
  await expect(page.getByRole("button", { name: "Download PDF" })).toBeDisabled();
});
