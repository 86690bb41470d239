import { deflateSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { chooseOption, login, signInAsOrganiser, useEnglish, walkWizardToPublish } from "./helpers";

/** A real PNG of the given size (one colour), built in memory. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x3c)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("an organiser creates a weekly event through all 6 steps with an image and two ticket categories, and publishes it", async ({ page }) => {
  const name = `Orgelnacht ${Date.now()}`;
  await useEnglish(page);
  await signInAsOrganiser(page);
  await page.getByRole("link", { name: "My Events" }).click();
  await page.getByRole("link", { name: "Create event" }).click();

  // 1 Event Data: a weekly event, four dates.
  await page.getByRole("textbox", { name: "Event name" }).fill(name);
  await chooseOption(page, "Category", "Music Theatre");
  await chooseOption(page, "Subcategory", "Classical concert");
  await page.getByRole("textbox", { name: "Address", exact: true }).fill("Domplatz 1");
  await page.getByRole("textbox", { name: "ZIP code" }).fill("12345");
  await page.getByRole("textbox", { name: "City" }).fill("Musterstadt");
  await page.getByRole("radio", { name: "Weekly" }).check();
  await expect(page.getByTestId("date-count")).toHaveText("4 event dates");
  await page.getByRole("button", { name: "Save and continue" }).click();

  // 2 Details: the main image, checked and stored by the server.
  await expect(page).toHaveURL(/\/dashboard\/events\/[0-9a-f-]{36}\/edit\/2$/);
  await page.locator('input[type="file"]').first().setInputFiles({ name: "poster.png", mimeType: "image/png", buffer: png(400, 200) });
  await expect(page.getByRole("img", { name: "Main image preview" })).toBeVisible();
  await page.getByRole("button", { name: "Save and continue" }).click();

  // 3 Stadium Template: free admission.
  await expect(page).toHaveURL(/\/edit\/3$/);
  await expect(page.getByRole("radio", { name: "No seating plan (free admission)" })).toBeChecked();
  await page.getByRole("button", { name: "Save and continue" }).click();

  // 4 Tickets: two categories.
  await expect(page).toHaveURL(/\/edit\/4$/);
  await page.getByRole("button", { name: "Add ticket category" }).click();
  await page.getByRole("textbox", { name: "Name", exact: true }).last().fill("Parkett");
  await page.getByRole("textbox", { name: "Price (EUR)" }).last().fill("25");
  await page.getByRole("button", { name: "Add ticket category" }).click();
  await page.getByRole("textbox", { name: "Name", exact: true }).last().fill("Empore");
  await page.getByRole("textbox", { name: "Price (EUR)" }).last().pressSequentially("15,50");
  await page.getByRole("button", { name: "Save and continue" }).click();

  // 5 More Options: the defaults.
  await expect(page).toHaveURL(/\/edit\/5$/);
  await page.getByRole("button", { name: "Save and continue" }).click();

  // 6 Publish now.
  await expect(page).toHaveURL(/\/edit\/6$/);
  await page.getByRole("radio", { name: "Publish now" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();

  // The event dashboard, then the list: Published, four dates, two categories.
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByTestId("event-status")).toHaveText("Published");
  await expect(page.getByTestId("date-total")).toHaveText("4");
  await page.getByRole("link", { name: "My Events" }).click();
  const row = page.getByTestId("event-row").filter({ hasText: name });
  await expect(row.getByTestId("event-status")).toHaveText("Published");
  // The search finds exactly this event (by its unique name: a retry's first attempt left its own
  // published Orgelnacht on the same server).
  await page.getByRole("textbox", { name: "Search by name" }).fill(name);
  await expect(page.getByTestId("event-row")).toHaveCount(1);

  // The preview shows the image and both ticket prices.
  await row.getByRole("link", { name }).click();
  await page.getByRole("link", { name: "Preview" }).click();
  await expect(page.getByRole("img", { name })).toBeVisible();
  await expect(page.getByText("€25.00")).toBeVisible();
  await expect(page.getByText("€15.50")).toBeVisible();
});

test("an organiser without a verified profile can only save drafts and is told why", async ({ page }) => {
  await useEnglish(page);
  await login(page, "neu@example.com");
  await walkWizardToPublish(page, {
    name: "Hofflohmarkt",
    category: "Trade Fairs & Exhibitions",
    subcategory: "Market",
    address: "Hofweg 2",
    zip: "10115",
    city: "Berlin",
    ticket: "Eintritt",
    price: "3",
  });
  await expect(page.getByText("Publishing is not possible yet")).toBeVisible();
  await page.getByRole("radio", { name: "Publish now" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your profile is not verified yet." })).toBeVisible();
  await page.getByRole("radio", { name: "Keep as draft" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("event-status")).toHaveText("Draft");
});
