import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { demoMatchId, openApp, signInAsOrganiser } from "./helpers";

/** An English page; window.print is recorded (in every frame, the print frame too) instead of opening the dialog. */
async function englishPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  await context.addInitScript(() => {
    try {
      localStorage.setItem("lang", "en");
    } catch {
      // The print frame (a blob: PDF) has no storage.
    }
    window.print = () => {
      const top = window.top as (Window & { __prints?: number }) | null;
      if (top) top.__prints = (top.__prints ?? 0) + 1;
    };
  });
  return context.newPage();
}

const spoken = (page: Page) => page.getByTestId("seat-map").getByRole("status");
/** The plan's sold seats (one path per block and colour): changes when seats turn sold. */
const soldShapes = (page: Page) =>
  page
    .getByTestId("seat-map")
    .locator('path[fill="#adb5bd"]')
    .evaluateAll((paths) => paths.map((p) => p.getAttribute("d")).join("|"));

/** What the plan's hover tooltip reads with the pointer at x, y (after the frame that draws it). */
async function readAt(page: Page, x: number, y: number): Promise<string> {
  await page.mouse.move(x, y);
  return page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve(document.querySelector('[data-testid="seat-map"] [class*="tooltip"]')?.textContent ?? "")),
        ),
      ),
  );
}

/**
 * Where on the plan the pointer reads `pattern` (moving the mouse is no user action: the
 * cashier's eyes do it): down the line x = `x` until `row` matches, then along that line.
 */
async function pointAt(page: Page, plan: Locator, row: RegExp, pattern: RegExp, step: number): Promise<{ x: number; y: number }> {
  const box = (await plan.boundingBox())!;
  for (const fx of [0.5, 0.35, 0.65]) {
    for (let y = box.y + 4; y < box.y + box.height - 4; y += step) {
      if (!row.test(await readAt(page, box.x + box.width * fx, y))) continue;
      for (const dy of [0, step / 2]) {
        for (let x = box.x + 4; x < box.x + box.width - 50; x += step / 2) {
          if (pattern.test(await readAt(page, x, y + dy))) return { x, y: y + dy };
        }
      }
    }
  }
  throw new Error(`nothing on the plan reads ${pattern}`);
}

test("the organiser sells two picked seats for cash at the counter in six actions: change shown, tickets PDF printed, the public plan shows them sold without reloading", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const id = await demoMatchId(baseURL!, request);

  // Somebody watches the match's public plan: Nord 6, row 1, seats 1 and 2 (the demo orders are elsewhere).
  const watcher = await englishPage(browser);
  await openApp(watcher, `/event/${id}`);
  await expect(watcher.getByTestId("seat-map")).toHaveAttribute("data-feed-ready", "true");
  await watcher.getByRole("application").focus();
  for (let i = 0; i < 60; i++) {
    await watcher.keyboard.press("Tab");
    if (/^Block Nord 6,/.test((await spoken(watcher).textContent()) ?? "")) break;
  }
  await watcher.keyboard.press("Enter");
  await expect(spoken(watcher)).toHaveText(/Nord 6, row 1, seat 1\b.*, available$/);
  const soldBefore = await soldShapes(watcher);

  // The organiser opens the counter of the match from the sidebar and opens a shift with 100 €.
  const cashier = await englishPage(browser);
  await signInAsOrganiser(cashier);
  await cashier.getByRole("navigation", { name: "Area navigation" }).getByRole("link", { name: "Box office", exact: true }).click();
  await cashier.getByTestId("boxoffice-dates").getByRole("row").filter({ hasText: "FC Musterstadt" }).getByRole("link", { name: /^Open counter/ }).click();
  await cashier.getByTestId("starting-cash").fill("100");
  await cashier.getByRole("button", { name: "Open shift" }).click();
  const counter = cashier.getByTestId("counter");
  await expect(counter).toBeVisible();
  await expect(cashier.getByTestId("shortcut-legend")).toContainText("Complete sale");
  await expect(cashier.getByTestId("seat-map")).toHaveAttribute("data-feed-ready", "true");
  const plan = cashier.getByRole("application");

  // From here every click and key press of the cashier is counted.
  let actions = 0;
  const act = async (step: () => Promise<unknown>) => {
    actions += 1;
    await step();
  };
  const nord6 = await pointAt(cashier, plan, /^Block Nord \d+,/, /^Block Nord 6,/, 8);
  await act(() => cashier.mouse.click(nord6.x, nord6.y)); // 1: the block zooms in
  await cashier.waitForTimeout(600);
  const seat1 = await pointAt(cashier, plan, /^Block Nord 6, row 1, /, /^Block Nord 6, row 1, seat 1,.*available$/, 3);
  await act(() => cashier.mouse.click(seat1.x, seat1.y)); // 2
  await expect(cashier.getByTestId("cart-seat")).toHaveCount(1);
  const seat2 = await pointAt(cashier, plan, /^Block Nord 6, row 1, /, /^Block Nord 6, row 1, seat 2,.*available$/, 3);
  await act(() => cashier.mouse.click(seat2.x, seat2.y)); // 3
  await expect(cashier.getByTestId("cart-seat")).toHaveCount(2);
  await expect(cashier.getByTestId("sale-total")).toHaveText("€60.00");
  await expect(cashier.getByTestId("hold-countdown")).toContainText(/Held for 1[45]:\d\d/);

  // Online buyers see the counter's seats reserved at once.
  await expect.poll(() => watcher.getByTestId("seat-map").locator('path[fill="#ffc078"]').count(), { timeout: 5000 }).toBeGreaterThan(0);

  await act(() => cashier.keyboard.press("c")); // 4: cash; the cursor waits in "Amount given"
  await expect(cashier.getByTestId("cash-given")).toBeFocused();
  await act(() => cashier.keyboard.type("100")); // 5
  await expect(cashier.getByTestId("change-due")).toHaveText("€40.00");
  const pdf = cashier.waitForResponse((r) => /\/api\/boxoffice\/orders\/[^/]+\/tickets\.pdf$/.test(r.url()));
  await act(() => cashier.keyboard.press("Enter")); // 6: sold, tickets go to the print dialog

  await expect(cashier.getByTestId("sale-done")).toBeVisible();
  await expect(cashier.getByTestId("sale-change")).toHaveText("€40.00");
  await expect(cashier.getByTestId("sale-number")).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const response = await pdf;
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  const again = await cashier.request.get(response.url());
  expect((await again.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await expect.poll(() => cashier.evaluate(() => (window as Window & { __prints?: number }).__prints ?? 0)).toBe(1);
  expect(actions).toBeLessThanOrEqual(6);
  expect(actions).toBe(6);
  // The next sale is one key away.
  await expect(cashier.getByTestId("new-sale")).toBeFocused();

  // The watcher's plan turns both seats sold by itself (no reload).
  await expect.poll(() => soldShapes(watcher), { timeout: 5000 }).not.toBe(soldBefore);
  await watcher.keyboard.press("ArrowRight");
  await expect(spoken(watcher)).toHaveText(/Nord 6, row 1, seat 2\b.*, sold$/);
  await watcher.keyboard.press("ArrowLeft");
  await expect(spoken(watcher)).toHaveText(/Nord 6, row 1, seat 1\b.*, sold$/);

  // The shift lists the sale: cash, 60 €, expected cash 160 €.
  await cashier.keyboard.press("n");
  await cashier.getByTestId("open-shift-panel").click();
  const shift = cashier.getByRole("dialog", { name: "My shift" });
  await expect(shift.getByTestId("shift-sale")).toHaveCount(1);
  await expect(shift.getByTestId("shift-sale")).toContainText("€60.00");
  await expect(shift.getByTestId("cash-expected")).toHaveText("€160.00");
});

test("a sale whose answer is lost shows 'not confirmed'; the retry makes exactly one order; the sale is cancelled in its method and the shift closes with its Z-report", async ({ browser }) => {
  test.setTimeout(120_000);
  const cashier = await englishPage(browser);
  await signInAsOrganiser(cashier);
  await cashier.getByRole("navigation", { name: "Area navigation" }).getByRole("link", { name: "Box office", exact: true }).click();
  await cashier.getByTestId("boxoffice-dates").getByRole("row").filter({ hasText: "FC Musterstadt" }).getByRole("link", { name: /^Open counter/ }).click();
  const startingCash = cashier.getByTestId("starting-cash");
  await expect(startingCash.or(cashier.getByTestId("counter"))).toBeVisible();
  if (await startingCash.isVisible()) {
    await startingCash.fill("50,00");
    await cashier.getByRole("button", { name: "Open shift" }).click();
  }
  await expect(cashier.getByTestId("counter")).toBeVisible();

  // Keyboard only: category 2 (Gegengerade), quantity 2, best available, card.
  await cashier.keyboard.press("2");
  await cashier.keyboard.press("+");
  await expect(cashier.getByTestId("quantity")).toHaveValue("2");
  await cashier.keyboard.press("b");
  await expect(cashier.getByTestId("cart-seat")).toHaveCount(2);
  await cashier.keyboard.press("k");
  await expect(cashier.getByRole("radio", { name: /^Card/ })).toHaveAttribute("aria-checked", "true");

  // The server sells, but its answer never arrives.
  let sent = 0;
  await cashier.route(/\/trpc\/[^?]*boxOffice\.sell/, async (route) => {
    sent += 1;
    await route.fetch();
    await route.abort("connectionreset");
  });
  await cashier.keyboard.press("F9");
  await expect(cashier.getByTestId("sale-unconfirmed")).toContainText("Not confirmed — retry");
  expect(sent).toBe(1);
  await cashier.unroute(/\/trpc\/[^?]*boxOffice\.sell/);

  // The retry carries the same key: the sale that was made, not a second one.
  await cashier.getByRole("button", { name: /^Retry sale/ }).click();
  await expect(cashier.getByTestId("sale-done")).toBeVisible();
  const number = (await cashier.getByTestId("sale-number").textContent())!;
  await cashier.keyboard.press("Escape");
  await cashier.getByTestId("open-shift-panel").click();
  const shift = cashier.getByRole("dialog", { name: "My shift" });
  const sale = shift.getByTestId("shift-sale").filter({ hasText: number });
  await expect(sale).toHaveCount(1);
  await expect(sale).toContainText("Card");
  await expect(sale).toContainText("€60.00");

  // Cancelled at the counter: the money goes back by card.
  await sale.getByRole("button", { name: "Cancel sale" }).click();
  const confirm = cashier.getByRole("dialog", { name: `Cancel sale ${number}?` });
  await expect(confirm).toContainText("Give back €60.00 in Card.");
  await confirm.getByRole("button", { name: "Cancel sale" }).click();
  await expect(sale).toContainText("Cancelled");
  const cardRow = shift.getByTestId("z-report").getByRole("row").filter({ hasText: "Card" });
  await expect(cardRow).toContainText("€60.00");

  // Closing with the counted cash freezes the Z-report; counted as expected: no difference.
  const expected = (await shift.getByTestId("cash-expected").textContent())!.replace("€", "");
  await shift.getByTestId("counted-cash").fill(expected);
  await shift.getByRole("button", { name: "Close shift and create Z-report" }).click();
  const closed = cashier.getByTestId("closed-shift");
  await expect(closed.getByTestId("cash-difference")).toHaveText("€0.00");
  const pdfUrl = await closed.getByTestId("z-report-pdf").getAttribute("href");
  const pdf = await cashier.request.get(pdfUrl!);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  // The next cashier is asked for a new shift; the closed one is listed with the past shifts.
  await expect(cashier.getByTestId("starting-cash")).toBeVisible();
  await cashier.getByRole("link", { name: "Change date" }).click();
  await expect(cashier.getByTestId("past-shifts").getByRole("row")).not.toHaveCount(1);
});
