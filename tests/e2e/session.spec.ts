import { expect, test } from "@playwright/test";
import { fakeUserInfo, login, openApp, useEnglish } from "./helpers";

test("an expired session token shows the German toast, then signs out and returns to / after 2000 ms", async ({ page }) => {
  const expired = fakeUserInfo(Math.floor(Date.now() / 1000) - 60);
  const text = "Die Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.";
  await page.addInitScript(
    ({ info, text }) => {
      localStorage.setItem("userInfo", JSON.stringify(info));
      // Note in the page, synchronously, when the toast text enters the DOM and when the session
      // is removed (timers would be delayed by the busy first render and skew the measurement).
      const w = window as unknown as { shownAt?: number; clearedAt?: number };
      new MutationObserver((_, observer) => {
        if (w.shownAt === undefined && document.body?.textContent?.includes(text)) {
          w.shownAt = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
      const removeItem = Storage.prototype.removeItem;
      Storage.prototype.removeItem = function (key: string) {
        if (key === "userInfo" && w.clearedAt === undefined) w.clearedAt = performance.now();
        return removeItem.call(this, key);
      };
    },
    { info: expired, text },
  );
  await page.goto("/pricing");
  await expect(page.getByText(text)).toBeVisible();
  const times = await page.waitForFunction(() => {
    const w = window as unknown as { shownAt?: number; clearedAt?: number };
    return w.clearedAt !== undefined ? { shownAt: w.shownAt!, clearedAt: w.clearedAt } : null;
  }, undefined, { timeout: 5000 });
  const { shownAt, clearedAt } = (await times.jsonValue())!;
  expect(clearedAt - shownAt).toBeGreaterThanOrEqual(1900);
  expect(clearedAt - shownAt).toBeLessThan(3000);
  await expect(page).toHaveURL(/\/$/);
});

test("an undecodable session token is removed and the user sent to / at once", async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      sessionStorage.setItem("seeded", "1");
      localStorage.setItem("userInfo", JSON.stringify({ token: "not-a-token", user: { role: "organiser" } }));
    }
  });
  await page.goto("/faq");
  await expect(page).toHaveURL(/\/$/, { timeout: 3000 });
  expect(await page.evaluate(() => localStorage.getItem("userInfo"))).toBeNull();
});

test("protected areas: anonymous visitors are refused, each role lands in its own area", async ({ page }) => {
  await useEnglish(page);
  // The refusal shows at once (a 3 s toast): looked for before the preloader is gone, so a slow first load cannot outlast it.
  await page.goto("/admin-dashboard");
  await expect(page.getByText("User is not authenticated")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await login(page, "admin@example.com");
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(page.getByRole("heading", { name: "Platform figures" })).toBeVisible();
  await page.getByRole("link", { name: "Organisers" }).click();
  await expect(page.getByRole("link", { name: "Open organiser Stadtbühne Musterstadt" }).first()).toBeVisible();
  // An admin is not an organiser: /dashboard sends them back to their own area.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);

  await login(page, "reseller@example.com");
  await expect(page).toHaveURL(/\/reseller-dash$/);
  await expect(page.getByText("You sell tickets for Stadtbühne Musterstadt.")).toBeVisible();
  await page.goto("/admin-dashboard");
  await expect(page).toHaveURL(/\/reseller-dash$/);
  await page.getByRole("button", { name: "Logout" }).click();

  await openApp(page, "/event-staff/login");
  await page.getByLabel("Staff name").fill("einlass");
  await page.getByRole("textbox", { name: "Password" }).fill("Demo1234!");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/event-staff\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("signed-in-user")).toHaveText("Einlass Team");
});

test("login errors are explained in the user's language", async ({ page }) => {
  await useEnglish(page);
  await openApp(page, "/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog.getByText("Please enter an email address and a password!").first()).toBeVisible();
  await dialog.getByLabel("Email").fill("organiser@example.com");
  await dialog.getByRole("textbox", { name: "Password" }).fill("WrongPassword1!");
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Error logging in: email or password is wrong.")).toBeVisible();
});
