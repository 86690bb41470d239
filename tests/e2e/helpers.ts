import { type APIRequestContext, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo1234!";

/** Opens a path and waits until the 2000 ms preloader is gone. */
export async function openApp(page: Page, path = "/") {
  await page.goto(path);
  await expect(page.getByTestId("preloader")).toHaveCount(0, { timeout: 10_000 });
}

/** Starts the app in English (lang "en" in localStorage) for tests that are not about language. */
export async function useEnglish(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem("lang")) localStorage.setItem("lang", "en");
  });
}

/** Logs in through the header's login dialog (English UI). */
export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await openApp(page, "/");
  await page.getByRole("banner").getByRole("button", { name: "Login" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("textbox", { name: "Password" }).fill(password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog).toHaveCount(0);
}

/** A three-part token like the server's, with the given expiry (seconds since the epoch). */
export function fakeUserInfo(exp: number) {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const token = `${b64({ alg: "HS256", typ: "JWT" })}.${b64({ sub: "x", role: "organiser", name: "Olga", exp })}.c2lnbmF0dXJl`;
  return {
    token,
    user: {
      id: "00000000-0000-0000-0000-000000000000",
      role: "organiser",
      email: "organiser@example.com",
      username: null,
      firstName: "Olga",
      lastName: "Organisator",
      locale: "de",
      organiserId: "00000000-0000-0000-0000-000000000000",
      permissions: null,
      eventId: null,
    },
  };
}

/** The demo football match (20,000 places), found through the organiser's API as its dashboard does. */
export async function demoMatchId(baseURL: string, request: APIRequestContext): Promise<string> {
  const login = await request.post("/trpc/auth.login", {
    headers: { origin: baseURL, "content-type": "application/json" },
    data: { json: { email: "organiser@example.com", password: DEMO_PASSWORD } },
  });
  expect(login.ok()).toBeTruthy();
  const list = await request.get(`/trpc/events.list?input=${encodeURIComponent(JSON.stringify({ json: {} }))}`);
  const events = (await list.json()).result.data.json as { id: string; name: string }[];
  const match = events.find((e) => e.name.startsWith("FC Musterstadt"));
  if (!match) throw new Error("demo match not seeded");
  return match.id;
}

/** Picks `option` in the Mantine select labelled `label`. */
export async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

export type WizardEvent = { name: string; category: string; subcategory: string; address: string; zip: string; city: string; ticket: string; price: string };

/**
 * From "Create event" in My Events to step 6 (English UI): step 1 with a one-day date, steps 2,
 * 3 and 5 as they are, one ticket category in step 4.
 */
export async function walkWizardToPublish(page: Page, event: WizardEvent) {
  await page.getByRole("link", { name: "My Events" }).click();
  await page.getByRole("link", { name: "Create event" }).click();
  await page.getByRole("textbox", { name: "Event name" }).fill(event.name);
  await chooseOption(page, "Category", event.category);
  await chooseOption(page, "Subcategory", event.subcategory);
  await page.getByRole("textbox", { name: "Address", exact: true }).fill(event.address);
  await page.getByRole("textbox", { name: "ZIP code" }).fill(event.zip);
  await page.getByRole("textbox", { name: "City" }).fill(event.city);
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/edit\/2$/);
  // The stepper does not jump ahead of unsaved steps: each is saved in turn.
  for (let step = 2; step <= 5; step++) {
    if (step === 4) {
      await page.getByRole("button", { name: "Add ticket category" }).click();
      await page.getByRole("textbox", { name: "Name", exact: true }).last().fill(event.ticket);
      await page.getByRole("textbox", { name: "Price (EUR)" }).last().fill(event.price);
    }
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page).toHaveURL(new RegExp(`/edit/${step + 1}$`));
  }
}
