import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect, type Page, test } from "@playwright/test";
import { loadConfig } from "../../server/config";
import { signedTicketCode } from "../../server/modules/orders/ticket-code";
import { DEMO_PASSWORD, openApp, useEnglish } from "./helpers";
import { writeQrVideo } from "./qr-video";

/** Signs the demo door staff in at /event-staff/login and waits for the check-in page. */
async function staffLogin(page: Page) {
  await openApp(page, "/event-staff/login");
  await page.getByLabel("Staff name").fill("einlass");
  await page.getByRole("textbox", { name: "Password" }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/event-staff\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("door-online")).toBeVisible();
}

/** Searches the door's list for a buyer and returns the reference of one of their tickets not in yet. */
async function freeTicketOf(page: Page, buyer: string): Promise<string> {
  const input = page.getByTestId("door-input");
  await input.fill(buyer);
  await input.press("Enter");
  const row = page.getByRole("row").filter({ has: page.getByRole("button", { name: "Check in" }) }).first();
  await expect(row).toBeVisible();
  const reference = (await row.textContent())!.match(/[A-Z0-9]{4}-[A-Z0-9]{4}-\d+/)![0];
  await page.getByRole("button", { name: "Close the results" }).click();
  return reference;
}

async function enter(page: Page, code: string) {
  const input = page.getByTestId("door-input");
  await input.fill(code);
  await input.press("Enter");
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test("door staff check a ticket in by its typed reference; the second scan shows ALREADY CHECKED IN with the time", async ({ page }) => {
  await staffLogin(page);
  const before = await page.getByTestId("door-counts").textContent();
  const reference = await freeTicketOf(page, "Clarke");

  await enter(page, reference);
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toHaveAttribute("data-verdict", "valid");
  await expect(page.getByTestId("verdict-title")).toHaveText("VALID");
  await expect(verdict).toContainText("Emily Clarke");
  await expect(verdict).toContainText(reference);
  await verdict.click();
  await expect(verdict).toHaveCount(0);
  await expect(page.getByTestId("door-counts")).not.toHaveText(before!);

  await enter(page, reference);
  await expect(verdict).toHaveAttribute("data-verdict", "already_checked_in");
  await expect(page.getByTestId("verdict-title")).toHaveText("ALREADY CHECKED IN");
  await expect(page.getByTestId("entry-time")).toHaveText(/^at \d{2}:\d{2} · device \w+ · by Einlass Team$/);
  await verdict.click();

  // A code that is not a ticket of ours.
  await enter(page, "T2.AAAA.BBBB");
  await expect(verdict).toHaveAttribute("data-verdict", "forged");
  await expect(page.getByTestId("verdict-title")).toHaveText("FORGED");
});

test("offline, a ticket is checked in on the device and queued; back online the server has it; the page reloads without network", async ({ page, context }) => {
  await staffLogin(page);
  const reference = await freeTicketOf(page, "Martin");
  // The service worker has taken the app shell by now (it controls the page after its first load).
  await page.waitForFunction(async () => Boolean(await navigator.serviceWorker?.ready), undefined, { timeout: 15_000 });

  await context.setOffline(true);
  await expect(page.getByTestId("door-offline")).toBeVisible();
  await enter(page, reference);
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toHaveAttribute("data-verdict", "valid");
  await expect(verdict).toContainText("Decided on this device (offline)");
  await expect(verdict).toContainText("Sophie Martin");
  await verdict.click();
  await expect(page.getByTestId("door-pending")).toHaveText("1 check-in waiting to be sent");
  // The same ticket again on this device: it is in.
  await enter(page, reference);
  await expect(verdict).toHaveAttribute("data-verdict", "already_checked_in");
  await verdict.click();

  // A reload with no network: the app shell comes from the service worker, the list and queue from IndexedDB.
  await page.reload();
  await expect(page.getByTestId("door-offline")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("door-pending")).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByTestId("door-online")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("door-pending")).toHaveCount(0, { timeout: 15_000 });

  // The server has the entry: its search shows the ticket in.
  const dateId = await page.evaluate(async () => {
    const res = await fetch("/trpc/staff.home");
    return ((await res.json()) as { result: { data: { json: { dates: { id: string }[] } } } }).result.data.json.dates[0]!.id;
  });
  const found = await page.evaluate(
    async ({ dateId, reference }) => {
      const input = encodeURIComponent(JSON.stringify({ json: { dateId, query: "Martin" } }));
      const res = await fetch(`/trpc/staff.checkin.search?input=${input}`);
      const tickets = ((await res.json()) as { result: { data: { json: { reference: string; entry: { deviceLabel: string } | null }[] } } }).result.data.json;
      return tickets.find((t) => t.reference === reference) ?? null;
    },
    { dateId, reference },
  );
  expect(found?.entry).not.toBeNull();
});

test("the camera reads a ticket's QR code and checks it in (Chromium's fake camera plays a video of the code)", async ({ page }) => {
  await staffLogin(page);
  // A demo ticket not in yet, and the code its PDF carries (signed with the server's key).
  const tickets = await page.evaluate(async () => {
    const home = (await (await fetch("/trpc/staff.home")).json()) as { result: { data: { json: { dates: { id: string }[] } } } };
    const dateId = home.result.data.json.dates[0]!.id;
    const input = encodeURIComponent(JSON.stringify({ json: { dateId, since: null } }));
    const sync = (await (await fetch(`/trpc/staff.checkin.sync?input=${input}`)).json()) as {
      result: { data: { json: { tickets: { lineId: string; eventId: string; scopeId: string; buyerName: string; lineStatus: string; orderStatus: string; entry: unknown }[] } } };
    };
    return sync.result.data.json.tickets;
  });
  const ticket = tickets.find((t) => t.buyerName === "Leonie Schmidt" && t.lineStatus === "active" && t.orderStatus === "valid" && !t.entry)!;
  expect(ticket).toBeDefined();
  const code = signedTicketCode(loadConfig({}).APP_SECRET, ticket);
  const video = path.join(os.tmpdir(), `qr-${randomUUID()}.y4m`);
  writeQrVideo(video, code);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, permissions: ["camera"] });
    await context.addCookies(await page.context().cookies());
    const door = await context.newPage();
    await useEnglish(door);
    await door.addInitScript((info) => localStorage.setItem("userInfo", info), await page.evaluate(() => localStorage.getItem("userInfo")!));
    await openApp(door, page.url().replace(/^https?:\/\/[^/]+/, ""));
    await expect(door.getByTestId("door-online")).toBeVisible();
    await door.getByTestId("camera-toggle").click();
    const verdict = door.getByTestId("verdict");
    await expect(verdict).toHaveAttribute("data-verdict", "valid", { timeout: 20_000 });
    await expect(verdict).toContainText("Leonie Schmidt");
  } finally {
    await browser.close();
    rmSync(video, { force: true });
  }
});
