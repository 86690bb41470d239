import { expect, type Page, test } from "@playwright/test";
import { cursorOnTwoFreeSeats, demoEventId, openApp } from "./helpers";

/**
 * Issue 24 item 6: a season ticket in a seated venue gets a seat. The demo theatre season sells
 * "Saison-Abo" tickets on the theatre's seasonal plan; the buyer picks a seat on the plan, the
 * checkout lists every date the ticket covers, and after paying the seat is taken on each of
 * those dates' own plans.
 */

/** Opens the second block's first row with the keyboard and moves the cursor `moves` seats right; returns what the plan says there. */
async function seatAfter(page: Page, moves: number): Promise<string> {
  await page.getByRole("application").focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const spoken = page.getByTestId("seat-map").getByRole("status");
  await expect(spoken).toHaveText(/, row 1, seat 1\b/);
  for (let i = 0; i < moves; i++) await page.keyboard.press("ArrowRight");
  await expect(spoken).toHaveText(new RegExp(`, row 1, seat ${moves + 1}\\b`));
  return (await spoken.textContent()) ?? "";
}

test("a buyer picks a seat for the theatre season, the checkout lists its dates, and the seat is taken on every date", async ({ page, request, baseURL }) => {
  const seasonId = await demoEventId(baseURL!, request, "seasons", "Theatersaison");
  await page.addInitScript(() => localStorage.setItem("lang", "en"));
  await openApp(page, `/event/${seasonId}`);
  await expect(page.getByTestId("seat-map")).toHaveAttribute("data-feed-ready", "true");

  // A seat on the season's plan, not "free choice of seat": the cart names its place and a season ticket.
  await page.getByRole("application").focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const moves = await cursorOnTwoFreeSeats(page);
  const place = ((await page.getByTestId("seat-map").getByRole("status").textContent()) ?? "").replace(/, [^,]*available$/, "");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("cart-seat")).toHaveCount(1);
  await expect(page.getByTestId("cart-seat")).toContainText("Saison-Abo");

  await page.getByRole("button", { name: "Continue to checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\?cart=/);
  const dates = page.getByTestId("season-dates");
  await expect(dates).toContainText("Season ticket for 6 dates:");
  await expect(dates.getByRole("listitem")).toHaveCount(6);
  await page.getByRole("textbox", { name: "First name" }).fill("Sina");
  await page.getByRole("textbox", { name: "Last name" }).fill("Saison");
  await page.getByRole("textbox", { name: "Email" }).fill("sina.saison@example.com");
  await page.getByRole("checkbox", { name: /I accept the/ }).check();
  await page.getByTestId("checkout-submit").click();
  await expect(page).toHaveURL(/\/test-payment\//);
  await page.getByRole("button", { name: "Pay successfully" }).click();
  await expect(page).toHaveURL(/\/successful\?/);
  await page.getByTestId("view-tickets").click();
  await expect(page.getByTestId("ticket-line")).toHaveCount(1);
  await expect(page.getByTestId("order-status")).toContainText(/valid/i);

  // Every performance of the season shows that seat as no longer available.
  const operaId = await demoEventId(baseURL!, request, "events", "Die Zauberflöte");
  await openApp(page, `/event/${operaId}`);
  const dateLinks = page.getByRole("main").getByRole("link", { name: "Tickets", exact: true });
  const hrefs = await dateLinks.evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute("href")).filter((h): h is string => !!h?.startsWith("/event-dates/")));
  expect(hrefs).toHaveLength(6);
  for (const href of hrefs) {
    await openApp(page, href);
    await expect(page.getByTestId("seat-map")).toHaveAttribute("data-feed-ready", "true");
    const there = await seatAfter(page, moves);
    expect(there.startsWith(place)).toBe(true);
    expect(there).not.toMatch(/, available$/);
  }
});
