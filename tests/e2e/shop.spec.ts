import { type Browser, expect, type Page, test } from "@playwright/test";
import { demoMatchId, openApp } from "./helpers";

async function buyer(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await context.addInitScript(() => localStorage.setItem("lang", "en"));
  const page = await context.newPage();
  await openApp(page, path);
  await expect(page.getByTestId("seat-map")).toHaveAttribute("data-feed-ready", "true");
  return page;
}

/** Keyboard way to the first seat of the first block: Tab to the block, Enter puts the cursor on its first seat. */
async function cursorOnFirstSeat(page: Page) {
  await page.getByRole("application").focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  for (let i = 0; i < 3; i++) await page.keyboard.press("+");
}

const reservedSeats = (page: Page) => page.getByTestId("seat-map").locator('path[fill="#ffc078"]');

test("buyer B sees buyer A's seat turn reserved and free again without reloading; A's cart survives a reload", async ({ browser, request, baseURL }) => {
  const id = await demoMatchId(baseURL!, request);
  const a = await buyer(browser, `/event/${id}`);
  const b = await buyer(browser, `/event/${id}`);
  await cursorOnFirstSeat(a);
  await cursorOnFirstSeat(b);
  await expect(reservedSeats(b)).toHaveCount(0);

  // A takes the seat under the cursor (Enter on a seat holds it).
  await a.keyboard.press("Enter");
  await expect(a.getByTestId("cart-seat")).toHaveText(/Nord 1, row 1, seat 1/);
  await expect(a.getByTestId("hold-countdown")).toContainText(/Held for 1[45]:\d\d/);
  // B's plan shows it reserved, live.
  await expect(reservedSeats(b)).toHaveCount(1, { timeout: 3000 });

  // The reservation survives a reload of A's page.
  await a.reload();
  await expect(a.getByTestId("cart-seat")).toHaveText(/Nord 1, row 1, seat 1/);

  // B cannot take it: the server refuses (B's click on a reserved seat does nothing, the API says taken).
  // A releases; B sees it free again.
  await a.getByRole("button", { name: /^Remove Nord 1, row 1, seat 1/ }).click();
  await expect(a.getByTestId("cart")).toHaveCount(0);
  await expect(reservedSeats(b)).toHaveCount(0, { timeout: 3000 });

  // Best available: B asks for 2 Haupttribüne seats and gets two adjacent seats in one row.
  const haupt = b.getByTestId("ticket-category").filter({ hasText: "Haupttribüne" });
  await haupt.getByRole("textbox", { name: "Quantity" }).fill("2");
  await haupt.getByRole("button", { name: "Best available seats" }).click();
  const seats = b.getByTestId("cart-seat");
  await expect(seats).toHaveCount(2);
  const texts = await seats.allTextContents();
  const parsed = texts.map((t) => /^(.*), row (\d+), seat (\d+)/.exec(t)!.slice(1));
  expect(parsed[0]![0]).toBe(parsed[1]![0]);
  expect(parsed[0]![1]).toBe(parsed[1]![1]);
  expect(Math.abs(Number(parsed[0]![2]) - Number(parsed[1]![2]))).toBe(1);
  await expect(b.getByTestId("cart-total")).toHaveText("€90.00");
  await b.getByRole("button", { name: "Release all" }).click();
  await expect(b.getByTestId("cart")).toHaveCount(0);
});
