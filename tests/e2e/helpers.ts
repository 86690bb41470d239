import { readFileSync } from "node:fs";
import { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo1234!";

/**
 * The demo organiser's session of this run, saved by auth.setup.ts (the setup project). Named by
 * the port (as in playwright.config.ts), so runs on other ports keep their own.
 */
export const ORGANISER_STATE = `data/e2e-auth/organiser-${Number(process.env.E2E_PORT ?? 3210)}.json`;

type StoredState = Awaited<ReturnType<BrowserContext["storageState"]>>;

function organiserState(): StoredState {
  return JSON.parse(readFileSync(ORGANISER_STATE, "utf8")) as StoredState;
}

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
  // The login dialog itself: a new organiser's dashboard opens with another dialog, the tour's offer.
  const dialog = page.getByRole("dialog").filter({ has: page.getByRole("button", { name: "Log in" }) });
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("textbox", { name: "Password" }).fill(password);
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Signs the page's browser context in as the demo organiser with the session saved once per run
 * (no new login: see auth.setup.ts) and opens the organiser dashboard, where the login dialog
 * would have led. The stored userInfo is put in place once per tab, so a logout still sticks.
 */
export async function signInAsOrganiser(page: Page) {
  const state = organiserState();
  await page.context().addCookies(state.cookies);
  const userInfo = state.origins.flatMap((o) => o.localStorage).find((item) => item.name === "userInfo");
  if (!userInfo) throw new Error(`no userInfo in ${ORGANISER_STATE}`);
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem("e2e-signed-in")) {
      sessionStorage.setItem("e2e-signed-in", "1");
      localStorage.setItem("userInfo", value);
    }
  }, userInfo.value);
  await openApp(page, "/dashboard");
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
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

/**
 * The demo football match (20,000 places), found through the organiser's API as its dashboard
 * does, with the organiser's session of this run (no new login).
 */
export async function demoMatchId(baseURL: string, request: APIRequestContext): Promise<string> {
  return demoEventId(baseURL, request, "events", "FC Musterstadt");
}

/** The id of the demo event or season whose name starts with `prefix`, read as demoMatchId does. */
export async function demoEventId(baseURL: string, request: APIRequestContext, type: "events" | "seasons", prefix: string): Promise<string> {
  const cookie = organiserState()
    .cookies.map((c) => `${c.name}=${c.value}`)
    .join("; ");
  const list = await request.get(`/trpc/events.list?input=${encodeURIComponent(JSON.stringify({ json: { type } }))}`, { headers: { origin: baseURL, cookie } });
  expect(list.ok()).toBeTruthy();
  const events = (await list.json()).result.data.json as { id: string; name: string }[];
  const match = events.find((e) => e.name.startsWith(prefix));
  if (!match) throw new Error(`demo ${type} "${prefix}" not seeded`);
  return match.id;
}

/**
 * From the first seat of a block's first row, moves the keyboard cursor right to the first of two
 * neighbouring available seats (read from the plan's live region) and returns how many seats it
 * moved. Seats an earlier attempt of the test left sold (a retry runs on the same server) are
 * passed over.
 */
export async function cursorOnTwoFreeSeats(page: Page): Promise<number> {
  const spoken = page.getByTestId("seat-map").getByRole("status");
  const atSeat = (seat: number) => expect(spoken).toHaveText(new RegExp(`, row 1, seat ${seat}\\b`));
  await atSeat(1);
  let previousFree = false;
  for (let seat = 1; seat <= 20; seat++) {
    if (seat > 1) {
      await page.keyboard.press("ArrowRight");
      await atSeat(seat);
    }
    const free = /, available$/.test((await spoken.textContent()) ?? "");
    if (previousFree && free) {
      await page.keyboard.press("ArrowLeft");
      await atSeat(seat - 1);
      return seat - 2;
    }
    previousFree = free;
  }
  throw new Error("no two neighbouring available seats in the first 20 of row 1");
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
