import { expect, test } from "@playwright/test";
import { openApp, useEnglish } from "./helpers";

// Issue 24 item 9: `curl http://localhost:3000/` got a JSON 404; any GET outside the API paths
// gets the app's page, a missing file stays a 404.
test("the served product answers curl's GET of / and of a deep link with the app's HTML", async ({ request }) => {
  for (const path of ["/", "/pricing", "/dashboard/reports/sales"]) {
    const res = await request.get(path, { headers: { accept: "*/*" } });
    expect(res.status(), path).toBe(200);
    expect(res.headers()["content-type"], path).toContain("text/html");
    expect(await res.text(), path).toContain('<div id="root"');
  }
  expect((await request.get("/assets/does-not-exist.js", { headers: { accept: "*/*" } })).status()).toBe(404);
  expect((await request.get("/trpc/nothing", { headers: { accept: "*/*" } })).status()).toBe(404);
});

// Issue 24 item 9: staff sign in with a name; a wrong one must not speak of an email.
test("a wrong staff login says staff name or password, in English and German", async ({ page, browser }) => {
  await useEnglish(page);
  await openApp(page, "/event-staff/login");
  await page.getByRole("textbox", { name: "Staff name" }).fill("nobody-here");
  await page.getByRole("textbox", { name: "Password" }).fill("wrong-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Error logging in: staff name or password is wrong.")).toBeVisible();

  const german = await browser.newPage({ locale: "de-DE" });
  try {
    await openApp(german, "/event-staff/login");
    await german.getByRole("textbox", { name: "Benutzername" }).fill("nobody-here");
    await german.getByRole("textbox", { name: "Passwort" }).fill("wrong-password");
    await german.getByRole("button", { name: "Anmelden" }).click();
    await expect(german.getByText("Fehler bei der Anmeldung: Benutzername oder Passwort ist falsch.")).toBeVisible();
  } finally {
    await german.close();
  }
});

// Issue 24 item 5: /successful without an order claims nothing.
test("/successful without an order says there is no order to show, not that a payment went through", async ({ page }) => {
  await useEnglish(page);
  for (const path of ["/successful", "/successful?order=nothing&next=/elsewhere"]) {
    await openApp(page, path);
    await expect(page.getByRole("heading", { name: "No order to show" })).toBeVisible();
    await expect(page.getByText(/Payment successful/)).toHaveCount(0);
    await expect(page.getByTestId("successful-countdown")).toHaveCount(0);
  }
});
