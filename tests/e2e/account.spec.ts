import { expect, test } from "@playwright/test";
import { login, openApp, useEnglish, walkWizardToPublish } from "./helpers";

/** A small but well-formed PDF: what the documents tab recognises by its content. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

test("a new organiser uploads a document, the admin verifies it, the organiser buys a plan and publishes an event a buyer opens", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = `kulturhaus-${stamp}@example.com`;
  const password = "Sicher!2026";
  const organiser = `Kulturhaus Süd ${stamp}`;
  const eventName = `Sommerkonzert ${stamp}`;
  await useEnglish(page);

  // Registered and activated (the registration dialog itself is the newcomer test's).
  await openApp(page, "/");
  const registered = await page.request.post("/trpc/auth.register", {
    headers: { origin: baseURL!, "content-type": "application/json" },
    data: { json: { firstName: "Nina", lastName: "Neuling", organizerName: organiser, email, confirmEmail: email, password, locale: "en" } },
  });
  expect(registered.ok()).toBeTruthy();
  await page.goto(`/dev/mail?to=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: /\/api\/auth\/activate\// }).click();
  await expect(page).toHaveURL(/\/activation-success$/);
  await login(page, email, password);
  await expect(page.getByText("Events can only be saved as drafts for now")).toBeVisible();

  // Documents: the upload puts the profile in review.
  await page.getByRole("link", { name: "My account" }).click();
  await page.getByRole("tab", { name: "Documents" }).click();
  await page.getByLabel("Upload documents").setInputFiles({ name: "trade-licence.pdf", mimeType: "application/pdf", buffer: PDF });
  // (A table at this width, cards on phones: the visible one.)
  await expect(page.getByRole("link", { name: "trade-licence.pdf" }).filter({ visible: true })).toBeVisible();
  await expect(page.getByText("Documents in review").filter({ visible: true }).first()).toBeVisible();

  // The admin opens the review list and verifies the organiser.
  const adminPage = await browser.newPage();
  await useEnglish(adminPage);
  await login(adminPage, "admin@example.com");
  await adminPage.getByRole("link", { name: "Verification" }).click();
  const entry = adminPage.getByRole("region", { name: organiser });
  await expect(entry.getByRole("link", { name: "trade-licence.pdf" }).filter({ visible: true })).toBeVisible();
  await entry.getByRole("button", { name: "Verify" }).click();
  await adminPage.getByRole("dialog").getByRole("button", { name: "Verify" }).click();
  await expect(adminPage.getByText("The organiser is verified and was notified.")).toBeVisible();
  await adminPage.close();

  // The organiser sees it and buys a plan through the test provider.
  await page.reload();
  await expect(page.getByText("Verified", { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await page.getByRole("tab", { name: "Plan management" }).click();
  await page.getByRole("button", { name: "Buy monthly" }).first().click();
  await expect(page).toHaveURL(/\/test-payment\//);
  await page.getByRole("button", { name: "Pay successfully" }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\/plan/);
  await expect(page.getByTestId("plan-notice")).toContainText("your plan is paid");
  await expect(page.getByTestId("plan-contingent")).not.toHaveText("0");

  // An event through the wizard, published now.
  await walkWizardToPublish(page, {
    name: eventName,
    category: "Music Theatre",
    subcategory: "Classical concert",
    address: "Parkweg 3",
    zip: "80331",
    city: "München",
    ticket: "Eintritt",
    price: "12",
  });
  await page.getByRole("radio", { name: "Publish now" }).check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("event-status")).toHaveText("Published");
  const eventId = /\/events\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  expect(eventId).toBeTruthy();

  // A buyer (no account) opens the event and sees the ticket on sale.
  const buyer = await browser.newPage();
  await useEnglish(buyer);
  await openApp(buyer, `/event/${eventId}`);
  await expect(buyer.getByRole("heading", { name: eventName })).toBeVisible();
  await expect(buyer.getByText("€12.00").first()).toBeVisible();
  await buyer.close();
});
