import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { demoMatchId, login, openApp, signInAsOrganiser, useEnglish } from "./helpers";

/**
 * Issue 24 items 1 and 3: every page in English and German has no serious or critical axe-core
 * violation (WCAG 2.1 A and AA, at 1400 px) and does not scroll sideways at 390 px. Each test
 * collects what it finds on all its pages and fails once with the whole list.
 */

test.use({ bypassCSP: true });
test.describe.configure({ timeout: 600_000 });

const LANGS = ["en", "de"] as const;
type Found = string[];

async function settle(page: Page) {
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
  // Data arriving and entry animations of modals and transitions.
  await page.waitForTimeout(700);
}

/** axe at 1400 px, then the sideways scroll at 390 px; what is wrong goes into `found`. */
async function check(page: Page, label: string, found: Found) {
  await page.setViewportSize({ width: 1400, height: 900 });
  await settle(page);
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  for (const v of result.violations.filter((x) => x.impact === "serious" || x.impact === "critical")) {
    found.push(`${label}: ${v.id} (${v.impact}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  // The narrow layout settles within a moment on a fast machine, later on a slow one: what still
  // scrolls sideways after up to 3 s is what a phone shows.
  const measure = () => page.evaluate(() => {
    const root = document.documentElement;
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1 && getComputedStyle(el).position !== "fixed")
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? "." + el.className.split(" ")[0] : ""} "${(el.textContent ?? "").trim().slice(0, 30)}"`);
    return { extra: root.scrollWidth - root.clientWidth, wide };
  });
  let overflow = await measure();
  for (const until = Date.now() + 3000; overflow.extra > 1 && Date.now() < until; overflow = await measure()) await page.waitForTimeout(250);
  if (overflow.extra > 1) found.push(`${label}: scrolls sideways by ${overflow.extra} px at 390 px (${overflow.wide.join(", ")})`);
  await page.setViewportSize({ width: 1400, height: 900 });
}

/**
 * The page in both languages: first in the language it is shown in, then reloaded in the other
 * (one reload a page). `endIn` reloads once more when the test goes on in that language.
 */
async function checkBoth(page: Page, label: string, found: Found, endIn?: (typeof LANGS)[number]) {
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 15_000 });
  const shown = (await page.evaluate(() => document.documentElement.lang)) === "en" ? "en" : "de";
  const other = shown === "en" ? "de" : "en";
  await check(page, `${label} [${shown}]`, found);
  await page.evaluate((l) => localStorage.setItem("lang", l), other);
  await page.reload();
  await check(page, `${label} [${other}]`, found);
  if (endIn && endIn !== other) {
    await page.evaluate((l) => localStorage.setItem("lang", l), endIn);
    await page.reload();
    await settle(page);
  }
}

async function checkPaths(page: Page, paths: string[], found: Found) {
  for (const path of paths) {
    await openApp(page, path);
    await checkBoth(page, path, found);
  }
}

test("public pages, the login and register dialogs", async ({ page, request, baseURL }) => {
  const found: Found = [];
  await useEnglish(page);
  const matchId = await demoMatchId(baseURL!, request);
  await openApp(page, `/event/${matchId}`);
  const profile = await page.locator('a[href^="/profile/"]').first().getAttribute("href");
  await checkPaths(page, ["/", "/pricing", "/faq", "/impressum", "/datenschutz", "/agb", profile ?? "/", `/event/${matchId}`], found);

  // An event with several dates: its page and one date's page.
  await openApp(page, "/");
  const eventLinks = await page.locator('a[href^="/event/"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  for (const href of [...new Set(eventLinks)]) {
    await openApp(page, href);
    const dateLink = page.locator('a[href^="/event-dates/"]').first();
    if ((await dateLink.count()) > 0) {
      const datePath = (await dateLink.getAttribute("href"))!;
      await checkBoth(page, href, found);
      await openApp(page, datePath);
      await checkBoth(page, datePath, found);
      break;
    }
  }

  for (const lang of LANGS) {
    await page.evaluate((l) => localStorage.setItem("lang", l), lang);
    await openApp(page, "/");
    await page.getByRole("banner").getByRole("button", { name: lang === "en" ? "Login" : "Anmelden" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check(page, `login dialog [${lang}]`, found);
    await page.getByRole("dialog").getByRole("button", { name: lang === "en" ? "Register as an organiser" : /registrieren/i }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await check(page, `register dialog [${lang}]`, found);
  }
  expect(found).toEqual([]);
});

test("checkout, test payment, /successful and the order view", async ({ page, request, baseURL }) => {
  const found: Found = [];
  await useEnglish(page);
  const matchId = await demoMatchId(baseURL!, request);
  await openApp(page, `/event/${matchId}`);
  await expect(page.getByTestId("seat-map")).toHaveAttribute("data-feed-ready", "true");
  const category = page.getByTestId("ticket-category").filter({ hasText: "Gegengerade" });
  await category.getByRole("textbox", { name: "Quantity" }).fill("1");
  await category.getByRole("button", { name: "Best available seats" }).click();
  await expect(page.getByTestId("cart-seat")).toHaveCount(1);
  await check(page, "event page with a seat held [en]", found);
  await page.getByRole("button", { name: "Continue to checkout" }).click();
  await expect(page).toHaveURL(/\/checkout\?cart=/);
  await checkBoth(page, "checkout", found, "en");
  await page.getByRole("textbox", { name: "First name" }).fill("Ada");
  await page.getByRole("textbox", { name: "Last name" }).fill("Access");
  await page.getByRole("textbox", { name: "Email" }).fill("ada.access@example.com");
  await page.getByRole("checkbox", { name: /I accept the/ }).check();
  await page.getByTestId("checkout-submit").click();
  await expect(page).toHaveURL(/\/test-payment\//);
  await checkBoth(page, "test payment", found, "en");
  await page.getByRole("button", { name: "Pay successfully" }).click();
  await expect(page).toHaveURL(/\/successful\?/);
  await checkBoth(page, "/successful", found);
  await page.getByTestId("view-tickets").click();
  await expect(page).toHaveURL(/\/tickets-view\?order=/);
  await checkBoth(page, "order view", found);
  expect(found).toEqual([]);
});

const DASHBOARD = [
  "/dashboard",
  "/dashboard/events",
  "/dashboard/seasons",
  "/dashboard/stadiums",
  "/dashboard/tickets",
  "/dashboard/resellers",
  "/dashboard/event-staff",
  "/dashboard/vouchers",
  "/dashboard/orders",
  "/dashboard/reports/sales",
  "/dashboard/wallet",
  "/dashboard/boxoffice",
  "/dashboard/print/printing",
  "/dashboard/print/activation",
  "/dashboard/print/sponsors",
  "/dashboard/profile",
];

test("every organiser dashboard page", async ({ page }) => {
  const found: Found = [];
  await useEnglish(page);
  await signInAsOrganiser(page);
  await checkPaths(page, DASHBOARD, found);
  // The first event's editor.
  await openApp(page, "/dashboard/events");
  const edit = page.locator('a[href*="/dashboard/events/"]').first();
  if ((await edit.count()) > 0) {
    await edit.click();
    await checkBoth(page, "event editor", found);
  }
  expect(found).toEqual([]);
});

test("every admin page", async ({ page }) => {
  const found: Found = [];
  await useEnglish(page);
  await login(page, "admin@example.com");
  await checkPaths(page, ["/admin-dashboard", "/admin-dashboard/organisers", "/admin-dashboard/verification", "/admin-dashboard/withdrawals", "/admin-dashboard/messages", "/admin-dashboard/audit"], found);
  expect(found).toEqual([]);
});
