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
    await german.getByRole("main").getByRole("button", { name: "Anmelden" }).click();
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

// Issue 24 item 8: the toast area as SPEC §2 says: top right, 3000 ms, closes on click, pauses on
// hover, draggable, its close button named.
test("a toast pauses while hovered, closes on click and when dragged aside", async ({ page }) => {
  await useEnglish(page);
  await openApp(page, "/event-staff/login");
  const toast = page.getByRole("alert").filter({ hasText: "staff name or password is wrong" });
  const raise = async () => {
    await page.getByRole("textbox", { name: "Staff name" }).fill(`nobody-${Math.random().toString(36).slice(2, 8)}`);
    await page.getByRole("textbox", { name: "Password" }).fill("wrong-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(toast).toBeVisible();
  };

  await raise();
  const box = (await toast.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(1000);
  expect(box.y).toBeLessThan(150);
  await expect(toast.getByRole("button", { name: "Close" })).toBeVisible();
  await toast.hover();
  await page.waitForTimeout(4000);
  await expect(toast).toBeVisible();
  await page.mouse.move(10, 700);
  await expect(toast).toHaveCount(0, { timeout: 5000 });

  await raise();
  await toast.click();
  await expect(toast).toHaveCount(0, { timeout: 1500 });

  await page.waitForTimeout(1600); // the same text twice within 1.5 s shows once
  await raise();
  const at = (await toast.boundingBox())!;
  const y = at.y + at.height / 2;
  // A short drag slides back and does not close it (it is not a click)...
  await page.mouse.move(at.x + 40, y);
  await page.mouse.down();
  await page.mouse.move(at.x + 80, y, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  await expect(toast).toBeVisible();
  // ...dragged far enough aside, it closes.
  await page.mouse.move(at.x + 40, y);
  await page.mouse.down();
  await page.mouse.move(at.x + 100, y, { steps: 5 });
  await page.mouse.move(at.x + 180, y, { steps: 5 });
  await page.mouse.up();
  await expect(toast).toHaveCount(0, { timeout: 1500 });
});

// Issue 24 item 8: the home and pricing pages advertise SPEC §9's online payment methods.
test("the home and pricing pages list PayPal, Apple Pay, Google Pay, Klarna and credit cards", async ({ page }) => {
  await useEnglish(page);
  for (const path of ["/", "/pricing"]) {
    await openApp(page, path);
    const methods = page.getByTestId("payment-methods");
    for (const name of ["PayPal", "Apple Pay", "Google Pay", "Klarna", "Visa", "Mastercard"]) await expect(methods.getByText(name, { exact: true })).toBeVisible();
  }
});
