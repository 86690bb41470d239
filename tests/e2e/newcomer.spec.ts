import { expect, test } from "@playwright/test";
import { openApp } from "./helpers";

test("a newcomer registers, activates by the emailed link, logs in, switches to English and logs out", async ({ page }) => {
  const email = `neu-${Date.now()}@example.com`;
  const password = "Sicher!2026";

  // The start page is German by default.
  await openApp(page, "/");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.getByRole("banner").getByRole("button", { name: "Registrieren" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Vorname").fill("Nora");
  await dialog.getByLabel("Nachname").fill("Neumann");
  await dialog.getByLabel("Name des Veranstalters").fill("Kulturverein Nord");
  await dialog.getByRole("textbox", { name: "E-Mail", exact: true }).fill(email);
  await dialog.getByLabel("E-Mail bestätigen").fill(email);
  await dialog.getByRole("textbox", { name: "Passwort" }).fill("kurz");
  await dialog.getByRole("button", { name: "Konto erstellen" }).click();
  // The shared rules speak German in the form.
  await expect(dialog.getByText("Mindestens 8 Zeichen.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Passwort" }).fill(password);
  await dialog.getByRole("button", { name: "Konto erstellen" }).click();
  await expect(dialog.getByText(new RegExp(`Aktivierungslink an ${email}`))).toBeVisible();

  // The mail is in the outbox: /dev/mail lists it with its links.
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("heading", { name: "Konto aktivieren" })).toBeVisible();
  await page.getByRole("link", { name: /\/api\/auth\/activate\// }).click();
  await expect(page).toHaveURL(/\/activation-success$/);
  await expect(page.getByRole("heading", { name: "Ihr Konto ist aktiviert" })).toBeVisible();

  // Log in from the activation page.
  await page.getByRole("main").getByRole("button", { name: "Anmelden" }).click();
  const loginDialog = page.getByRole("dialog");
  await loginDialog.getByRole("textbox", { name: "E-Mail oder Benutzername" }).fill(email);
  await loginDialog.getByRole("textbox", { name: "Passwort" }).fill(password);
  await loginDialog.getByRole("button", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Willkommen, Nora" })).toBeVisible();
  await expect(page.getByText("Kulturverein Nord")).toBeVisible();

  // Switch to English: the text changes and the choice is stored.
  await page.getByRole("banner").getByText("EN", { exact: true }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Nora" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Organiser dashboard" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("lang"))).toBe("en");

  // Log out: back on the start page, the dashboard is closed.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem("userInfo"))).toBeNull();
  await page.goto("/dashboard");
  await expect(page.getByText("User is not authenticated")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Opening the activation link again says the account is already activated.
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: /\/api\/auth\/activate\// }).click();
  await expect(page).toHaveURL(/\/activation-error\?reason=already-activated$/);
  await expect(page.getByRole("heading", { name: "Account already activated" })).toBeVisible();
});
