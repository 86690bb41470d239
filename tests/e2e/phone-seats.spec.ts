import { expect, type Locator, type Page, test } from "@playwright/test";
import { demoMatchId, openApp, useEnglish } from "./helpers";

// A phone: 390 px wide, touch. Taps are the finger's (pointerType "touch").
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** What the plan's hover tooltip reads with the mouse at x, y (after the frame that draws it). */
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

/** A point near the middle of the plan where a free seat is (read from the tooltip), and what it reads. */
async function freeSeatNearMiddle(page: Page, plan: Locator, pitch: number): Promise<{ x: number; y: number; text: string }> {
  const box = (await plan.boundingBox())!;
  const mid = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  for (let ring = 0; ring <= 3; ring++) {
    for (let dy = -ring; dy <= ring; dy++) {
      for (let dx = -ring; dx <= ring; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== ring) continue;
        const x = mid.x + dx * pitch;
        const y = mid.y + dy * pitch;
        const text = await readAt(page, x, y);
        if (/^Block .+, row \d+, seat \d+, .*available$/.test(text)) return { x, y, text };
      }
    }
  }
  throw new Error("no free seat near the middle of the plan");
}

/** Where the frames of a block's chosen seats are on screen, and the plan's visible area. */
async function chosenSeatsOf(page: Page, blockName: string) {
  return page.evaluate((name) => {
    const canvas = document.querySelector('[data-testid="seating-plan"]')!.getBoundingClientRect();
    const group = [...document.querySelectorAll("g[data-block]")].find((g) => [...g.children].some((c) => c.tagName === "text" && c.textContent === name));
    const frames = group ? [...group.querySelectorAll('path[stroke="#212529"]')].map((p) => p.getBoundingClientRect()) : [];
    const rect = (r: DOMRect) => ({ left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height });
    return { canvas: rect(canvas), frames: frames.map(rect) };
  }, blockName);
}

const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("on a phone a tap on a block zooms in, a tap on a free seat holds it, best available moves the plan to its seats", async ({ page, request, baseURL }) => {
  const id = await demoMatchId(baseURL!, request);
  await useEnglish(page);
  await openApp(page, `/event/${id}`);
  const map = page.getByTestId("seat-map");
  await expect(map).toHaveAttribute("data-feed-ready", "true");
  const plan = page.getByTestId("seating-plan");
  await expect(plan).toHaveAttribute("data-rendered", "true");
  expect(await scrollsSideways(page)).toBe(false);

  // The map follows the stadium's shape: no tall empty box on a phone.
  const planBox = (await plan.boundingBox())!;
  expect(planBox.width).toBeGreaterThan(300);
  expect(planBox.height).toBeLessThan(planBox.width);

  // The whole stadium is on screen, its seats far too small to tap: a tap on block Nord 3 zooms in and holds nothing.
  const nord3 = map.locator('g[data-block="N3"] > rect').first();
  const before = (await nord3.boundingBox())!;
  expect(before.width / 20).toBeLessThan(24);
  await page.touchscreen.tap(before.x + before.width / 2, before.y + before.height / 2);
  // 20 seats a row: each at least 24 px wide now.
  await expect.poll(async () => ((await nord3.boundingBox())?.width ?? 0) / 20).toBeGreaterThanOrEqual(24);
  await page.waitForTimeout(300);
  await expect(page.getByTestId("cart")).toHaveCount(0);

  // A tap on a free seat holds exactly that seat.
  const seatPitch = ((await nord3.boundingBox())?.width ?? 0) / 20;
  const free = await freeSeatNearMiddle(page, plan, seatPitch);
  const [, block, row, seat] = /^Block (.+?), row (\d+), seat (\d+),/.exec(free.text)!;
  await page.touchscreen.tap(free.x, free.y);
  const cartSeats = page.getByTestId("cart-seat");
  await expect(cartSeats).toHaveCount(1);
  await expect(cartSeats).toHaveText(new RegExp(`^${block}, row ${row}, seat ${seat}\\b`));

  // Best available: two Haupttribüne seats, elsewhere in the stadium. The plan moves to them.
  const haupt = page.getByTestId("ticket-category").filter({ hasText: "Haupttribüne" });
  await haupt.getByRole("textbox", { name: "Quantity" }).fill("2");
  await haupt.getByRole("button", { name: "Best available seats" }).tap();
  await expect(cartSeats).toHaveCount(3);
  const best = (await cartSeats.allTextContents()).filter((t) => t.includes("· Haupttribüne"));
  expect(best).toHaveLength(2);
  const bestBlock = /^(.+?), row/.exec(best[0]!)![1]!;
  await expect
    .poll(async () => {
      const { canvas, frames } = await chosenSeatsOf(page, bestBlock);
      return (
        frames.length > 0 &&
        frames.every((f) => f.width > 0 && f.left >= canvas.left && f.right <= canvas.right && f.top >= canvas.top && f.bottom <= canvas.bottom)
      );
    })
    .toBe(true);
  // ... and at a size a finger can tap.
  const { frames } = await chosenSeatsOf(page, bestBlock);
  expect(Math.min(...frames.map((f) => f.height))).toBeGreaterThanOrEqual(20);

  // The cart lists the seats in seat order, not in the order they were taken.
  const listed = (await cartSeats.allTextContents()).map((t) => /^(.+?), row (\d+), seat (\d+)/.exec(t)!.slice(1));
  const sorted = [...listed].sort(
    (a, b) => a[0]!.localeCompare(b[0]!, "en", { numeric: true }) || Number(a[1]) - Number(b[1]) || Number(a[2]) - Number(b[2]),
  );
  expect(listed).toEqual(sorted);

  expect(await scrollsSideways(page)).toBe(false);
  await page.getByRole("button", { name: "Release all" }).tap();
  await expect(page.getByTestId("cart")).toHaveCount(0);
});
