import { expect, type Page, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { login, useEnglish } from "./helpers";

/**
 * Issue 24 item 7: the new organiser (neu@example.com, never toured) is offered the guided tour
 * on the first dashboard visit, skips it and is not offered it again after a reload (the server
 * remembers); Help finds the vouchers article by "Gutschein" in German and by "voucher" in
 * English, the article leads to its screen, and "Start the tour again" walks the sidebar. The
 * help pages and the open tour are axe clean at 1400 and 390 px.
 */
test.use({ bypassCSP: true });

const NAMES_IN_ORDER = (page: Page) => page.getByRole("main").getByRole("listitem").getByRole("link");

async function tutorialOffer(page: Page, load: () => Promise<unknown>): Promise<boolean> {
  const answer = page.waitForResponse((r) => r.url().includes("account.tutorial.state"));
  await load();
  return (await (await answer).text()).includes('"offer":true');
}

async function switchLanguage(page: Page, code: "DE" | "EN") {
  await page.getByRole("banner").getByText(code, { exact: true }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", code.toLowerCase());
}

test("a new organiser skips the offered tour, finds help in German and English, follows an article to its screen and restarts the tour", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await useEnglish(page);
  if (test.info().retry > 0) {
    // A retry meets the skip of the failed attempt: offer the tour again first.
    await login(page, "neu@example.com");
    await page.evaluate(() => fetch("/trpc/account.tutorial.restart", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }));
  }

  // First visit: the prompt is offered beside the page, with the focus on "Take the tour".
  const offered = tutorialOffer(page, () => (test.info().retry > 0 ? page.goto("/dashboard") : login(page, "neu@example.com")));
  expect(await offered).toBe(true);
  await expect(page).toHaveURL(/\/dashboard$/);
  const prompt = page.getByRole("dialog", { name: "New here? Take the tour" });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole("button", { name: "Take the tour" })).toBeFocused();
  await page.screenshot({ path: test.info().outputPath("prompt-1400.png") });
  // The dashboard stays usable around it.
  await expect(page.getByRole("heading", { name: "Welcome, Nils" })).toBeVisible();
  const skipped = page.waitForResponse((r) => r.url().includes("account.tutorial.markSeen"));
  await prompt.getByRole("button", { name: "Skip" }).click();
  await expect(prompt).toHaveCount(0);
  expect((await skipped).ok()).toBe(true);

  // Remembered on the server: not offered after a reload.
  expect(await tutorialOffer(page, () => page.reload())).toBe(false);
  await expect(page.getByRole("heading", { name: "Welcome, Nils" })).toBeVisible();
  await expect(page.getByTestId("tour-prompt")).toHaveCount(0);

  // Help, from the sidebar.
  await page.getByRole("navigation").getByRole("link", { name: "Help", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/help$/);
  await expect(page.getByRole("heading", { name: "Help", level: 1 })).toBeVisible();
  await expect(NAMES_IN_ORDER(page)).toHaveCount(11);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath("help-1400-en.png"), fullPage: true });

  // German: "Gutschein" finds the vouchers article first.
  await switchLanguage(page, "DE");
  const search = page.getByRole("search").getByRole("textbox");
  await search.fill("Gutschein");
  await expect(page).toHaveURL(/\/dashboard\/help\?q=Gutschein$/);
  await expect(NAMES_IN_ORDER(page).first()).toHaveText("Gutscheine und Rabattcodes");
  expect(await axeViolations(page)).toEqual([]);
  await search.fill("Kasse");
  await expect(NAMES_IN_ORDER(page).first()).toHaveText("Boxoffice (Abendkasse)");
  await search.fill("xqzvwplk");
  await expect(page.getByTestId("help-result-count")).not.toBeEmpty();
  await expect(NAMES_IN_ORDER(page)).toHaveCount(11);

  // English: "voucher" finds it too, and the article leads to its screen.
  await switchLanguage(page, "EN");
  await expect(page.getByTestId("help-result-count")).toHaveText("No article matches “xqzvwplk”. Try another word, or browse the articles below.");
  await search.fill("voucher");
  await expect(page.getByTestId("help-result-count")).toHaveText(/^\d+ articles? match(es)? “voucher”\.$/);
  await expect(NAMES_IN_ORDER(page).first()).toHaveText("Vouchers and discount codes");
  await NAMES_IN_ORDER(page).first().click();
  await expect(page).toHaveURL(/\/dashboard\/help\/vouchers$/);
  await expect(page.getByRole("heading", { name: "Vouchers and discount codes", level: 1 })).toBeVisible();
  await expect(page.getByText("Create codes in bulk", { exact: false }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath("help-article-390.png"), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.getByRole("link", { name: "Open the screen: Discount" }).click();
  await expect(page).toHaveURL(/\/dashboard\/vouchers$/);
  await expect(page.getByRole("heading", { name: "Discount", level: 1 })).toBeVisible();

  // Back in Help the search is gone; "Start the tour again" walks the sidebar.
  await page.getByRole("navigation").getByRole("link", { name: "Help", exact: true }).click();
  await page.getByRole("button", { name: "Start the tour again" }).click();
  const welcome = page.getByRole("dialog", { name: "Welcome to your dashboard" });
  await expect(welcome).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.textContent ?? "")).toContain("Welcome to your dashboard");
  await expect(welcome.getByText("Step 1 of 16")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await welcome.getByRole("button", { name: "Next" }).click();
  const home = page.getByRole("dialog", { name: "Dashboard", exact: true });
  await expect(home).toBeVisible();
  await home.getByRole("button", { name: "Next" }).click();
  const myEvents = page.getByRole("dialog", { name: "My Events", exact: true });
  await expect(myEvents).toBeVisible();
  // It points at the sidebar entry: beside it, at its height.
  const link = await page.getByRole("navigation").getByRole("link", { name: "My Events" }).boundingBox();
  await expect.poll(async () => (await myEvents.boundingBox())?.x ?? 0).toBeGreaterThanOrEqual(link!.x + link!.width);
  await page.screenshot({ path: test.info().outputPath("tour-1400.png") });
  const ended = page.waitForResponse((r) => r.url().includes("account.tutorial.markSeen"));
  await page.keyboard.press("Escape");
  await expect(myEvents).toHaveCount(0);
  expect((await ended).ok()).toBe(true);

  // Ending the tour counts as seen again: the home page offers nothing.
  expect(await tutorialOffer(page, () => page.goto("/dashboard"))).toBe(false);
  await expect(page.getByRole("heading", { name: "Welcome, Nils" })).toBeVisible();
  await expect(page.getByTestId("tour-prompt")).toHaveCount(0);

  // On a phone the sidebar is folded away: the steps stand in the middle and say where the menu is.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/help");
  await page.screenshot({ path: test.info().outputPath("help-390.png"), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole("button", { name: "Start the tour again" }).click();
  const phoneWelcome = page.getByRole("dialog", { name: "Welcome to your dashboard" });
  await expect(phoneWelcome).toContainText("menu button");
  await page.screenshot({ path: test.info().outputPath("tour-390.png") });
  const box = await phoneWelcome.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  // Left in the middle, a restarted tour is offered again; taken and finished, it is not.
  expect(await tutorialOffer(page, () => page.goto("/dashboard"))).toBe(true);
  await expect(page.getByTestId("preloader")).toHaveCount(0);
  await expect(prompt).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("prompt-390.png") });
  const promptBox = await prompt.boundingBox();
  expect(promptBox!.x).toBeGreaterThanOrEqual(0);
  expect(promptBox!.x + promptBox!.width).toBeLessThanOrEqual(390);
  await prompt.getByRole("button", { name: "Take the tour" }).click();
  const step = page.getByRole("dialog");
  for (let n = 1; n < 16; n++) {
    await expect(step.getByText(`Step ${n} of 16`)).toBeVisible();
    await step.getByRole("button", { name: "Next" }).click();
  }
  await expect(step).toHaveAccessibleName("Help");
  const finished = page.waitForResponse((r) => r.url().includes("account.tutorial.markSeen"));
  await step.getByRole("button", { name: "Finish" }).click();
  await expect(step).toHaveCount(0);
  expect((await finished).ok()).toBe(true);
  expect(await tutorialOffer(page, () => page.reload())).toBe(false);
  await expect(page.getByTestId("tour-prompt")).toHaveCount(0);
});
