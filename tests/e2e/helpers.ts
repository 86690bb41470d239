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
