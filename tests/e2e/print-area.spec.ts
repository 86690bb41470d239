import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { extractText, getDocumentProxy } from "unpdf";
import { chooseOption, DEMO_PASSWORD, openApp, signInAsOrganiser, useEnglish } from "./helpers";

const DEMO_MATCH = "FC Musterstadt – SV Beispielhausen";

/** The door staff's page in a context of its own (the organiser stays signed in on `page`). */
async function doorPage(page: Page): Promise<Page> {
  const context = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const door = await context.newPage();
  await door.addInitScript(() => localStorage.setItem("lang", "en"));
  await openApp(door, "/event-staff/login");
  await door.getByLabel("Staff name").fill("einlass");
  await door.getByRole("textbox", { name: "Password" }).fill(DEMO_PASSWORD);
  await door.getByRole("button", { name: "Log in" }).click();
  await expect(door).toHaveURL(/\/event-staff\/[0-9a-f-]{36}$/);
  await expect(door.getByTestId("door-online")).toBeVisible();
  return door;
}

async function scanAtDoor(door: Page, reference: string) {
  const input = door.getByTestId("door-input");
  await input.fill(reference);
  await input.press("Enter");
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test("the organiser prints two hard tickets, activates one by its typed reference; at the door it is let in and the other refused as NOT ACTIVATED", async ({ page }) => {
  await signInAsOrganiser(page);
  const nav = page.getByRole("navigation", { name: "Area navigation" });
  await nav.getByRole("link", { name: "Printing" }).click();
  await expect(page).toHaveURL(/\/dashboard\/print\/printing$/);
  await expect(page.getByRole("heading", { name: "Printing", level: 1 })).toBeVisible();

  // Two tickets of the demo match by number: the best free seats of the main stand.
  await chooseOption(page, "Event", DEMO_MATCH);
  await expect(page.getByRole("combobox", { name: "Date", exact: true })).not.toHaveValue("");
  await page.getByRole("combobox", { name: "Ticket category", exact: true }).click();
  await page.getByRole("option", { name: /^Haupttribüne/ }).click();
  await page.getByRole("textbox", { name: "Number of tickets" }).fill("2");
  await page.getByRole("button", { name: "Create print run" }).click();
  const created = page.getByTestId("print-run-created");
  await expect(created).toContainText("Print run created: 2 hard tickets");

  // The run is listed: 2 tickets, none activated, not voided.
  const run = page.getByTestId("print-run").first();
  await expect(run).toContainText(DEMO_MATCH);
  await expect(run).toHaveAttribute("data-voided", "false");
  await expect(run.getByTestId("print-run-activated")).toHaveText("0/2");

  // The PDF: DIN long (99 x 210 mm), one ticket a page, each with its reference.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("print-download").click()]);
  const bytes = new Uint8Array(await readFile((await download.path())!));
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getPageCount()).toBe(2);
  const { width, height } = pdf.getPage(0).getSize();
  const mm = (pt: number) => Math.round((pt / 72) * 25.4);
  expect([mm(width), mm(height)].sort((a, b) => a - b)).toEqual([99, 210]);
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  const references = [...new Set(text.match(/[A-Z0-9]{4}-[A-Z0-9]{4}-\d+/g) ?? [])].sort();
  expect(references).toHaveLength(2);
  const [first, second] = references as [string, string];
  expect(first.replace(/-\d+$/, "")).toBe(second.replace(/-\d+$/, ""));

  // "Print again" gives the same PDF (the same codes).
  const [again] = await Promise.all([page.waitForEvent("download"), run.getByRole("link", { name: /^Print again/ }).click()]);
  const againText = (await extractText(await getDocumentProxy(new Uint8Array(await readFile((await again.path())!))), { mergePages: true })).text;
  expect(againText.replace(/\s+/g, "")).toBe(text.replace(/\s+/g, ""));

  // Activation: the first ticket by its reference typed by hand.
  await nav.getByRole("link", { name: "Activation" }).click();
  await expect(page).toHaveURL(/\/dashboard\/print\/activation$/);
  await page.getByTestId("activation-code-input").fill(first);
  await page.getByTestId("activation-submit").click();
  await expect(page.getByTestId("activation-state")).toHaveAttribute("data-state", "activated");
  await expect(page.getByTestId("activation-result")).toContainText(first);

  // The run counts it.
  await nav.getByRole("link", { name: "Printing" }).click();
  await expect(page.getByTestId("print-run").first().getByTestId("print-run-activated")).toHaveText("1/2");

  // At the door: the activated ticket is let in, the other one refused as not activated.
  const door = await doorPage(page);
  try {
    const verdict = door.getByTestId("verdict");
    await scanAtDoor(door, first);
    await expect(verdict).toHaveAttribute("data-verdict", "valid");
    await expect(door.getByTestId("verdict-title")).toHaveText("VALID");
    await expect(verdict).toContainText(first);
    await verdict.click();
    await expect(verdict).toHaveCount(0);

    await scanAtDoor(door, second);
    await expect(verdict).toHaveAttribute("data-verdict", "not_activated");
    await expect(door.getByTestId("verdict-title")).toHaveText("NOT ACTIVATED");
  } finally {
    await door.context().close();
  }
});

test("a print run is voided after a confirmation that says what happens; the list shows it voided", async ({ page }) => {
  await signInAsOrganiser(page);
  await openApp(page, "/dashboard/print/printing");
  await chooseOption(page, "Event", DEMO_MATCH);
  await page.getByRole("combobox", { name: "Ticket category", exact: true }).click();
  await page.getByRole("option", { name: /^Stehplatz/ }).click();
  await page.getByRole("textbox", { name: "Number of tickets" }).fill("1");
  await page.getByRole("button", { name: "Create print run" }).click();
  await expect(page.getByTestId("print-run-created")).toContainText("Print run created: 1 hard ticket");

  const run = page.getByTestId("print-run").first();
  await expect(run).toContainText("Stehplatz");
  await run.getByRole("button", { name: /^Void/ }).click();
  const dialog = page.getByRole("dialog", { name: "Void this print run?" });
  await expect(dialog).toContainText("not yet activated are cancelled");
  await expect(dialog).toContainText("seats go back on sale");
  await dialog.getByRole("button", { name: "Void print run" }).click();
  await expect(page.getByTestId("print-void-result")).toHaveText("Print run voided: 1 ticket cancelled, 0 activated tickets kept.");
  await expect(run).toHaveAttribute("data-voided", "true");
  await expect(run.getByText("Voided", { exact: true })).toBeVisible();
  await expect(run.getByRole("link", { name: /^Print again/ })).toHaveCount(0);
});
