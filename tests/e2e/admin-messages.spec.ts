import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe";
import { login, openApp, useEnglish } from "./helpers";

/**
 * Issue 23 items 3 and 4: a visitor sends the home page's contact form; the admin finds the
 * message unread among the open ones, reads it in the drawer (mailto reply link) and marks it
 * handled; it then shows under "Handled". The figures page and the messages page are axe clean.
 */
test("a visitor's contact message is read and marked handled by the admin; figures and messages pages pass axe", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const lastName = `Visitor${Date.now().toString(36)}`;
  const who = `Vera ${lastName}`;
  const text = `Could we sell tickets for our choir? (${lastName})`;

  // The visitor, on the home page.
  await useEnglish(page);
  await openApp(page, "/");
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByRole("textbox", { name: "First name" }).fill("Vera");
  await form.getByRole("textbox", { name: "Last name" }).fill(lastName);
  await form.getByRole("textbox", { name: "Email" }).fill("vera.visitor@example.com");
  await form.getByRole("textbox", { name: "Message" }).fill(text);
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Thank you! We received your message and will get back to you soon.")).toBeVisible();

  // The admin, in a browser context of its own (axe is injected: the CSP is bypassed here only).
  const admin = await (await browser.newContext({ bypassCSP: true })).newPage();
  await useEnglish(admin);
  await login(admin, "admin@example.com");
  await openApp(admin, "/admin-dashboard");
  await expect(admin.getByRole("heading", { name: "Platform figures", level: 1 })).toBeVisible();
  await expect(admin.getByTestId("figures-gross")).toBeVisible();
  await expect(admin.getByTestId("figures-chart")).toBeVisible();
  await admin.getByText("365 days", { exact: true }).click();
  await expect(admin.getByRole("radio", { name: "365 days" })).toBeChecked();
  await expect(admin.getByRole("heading", { name: "Per month" })).toBeVisible();
  expect(await axeViolations(admin)).toEqual([]);

  await admin.getByRole("link", { name: "Messages", exact: true }).click();
  await expect(admin.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
  await expect(admin.getByRole("radio", { name: "Not handled" })).toBeChecked();
  const row = admin.getByTestId("message-row").filter({ hasText: lastName });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-unread", "true");
  await expect(row).toContainText("Unread");
  // The pointer off the nav link just clicked (its hover shade is the shell's, not this page's).
  await admin.mouse.move(600, 700);
  expect(await axeViolations(admin)).toEqual([]);

  // The search finds it by a word of the text.
  await admin.getByRole("searchbox", { name: "Search" }).fill("choir");
  await expect(row).toHaveCount(1);

  // Reading it opens the drawer and marks it read.
  await row.getByRole("button", { name: `Read the message from ${who}` }).click();
  const drawer = admin.getByRole("dialog", { name: `Message from ${who}` });
  await expect(drawer.getByTestId("message-text")).toHaveText(text);
  await expect(drawer.getByRole("link", { name: "Reply by email" })).toHaveAttribute("href", /^mailto:vera\.visitor@example\.com\?subject=/);
  await expect(row).not.toHaveAttribute("data-unread", "true");
  expect(await axeViolations(admin)).toEqual([]);

  await drawer.getByRole("button", { name: "Mark handled" }).click();
  await expect(admin.getByText("Message marked as handled.")).toBeVisible();
  await expect(drawer.getByRole("button", { name: "Reopen" })).toBeVisible();
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(drawer).toHaveCount(0);
  // Handled: gone from those not handled, listed under "Handled".
  await expect(row).toHaveCount(0);
  await admin.getByText("Handled", { exact: true }).first().click();
  await expect(admin.getByRole("radio", { name: "Handled", exact: true })).toBeChecked();
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Handled");
  await expect(row).not.toContainText("Not handled");

  // On a phone the list is cards, still with the message.
  await admin.setViewportSize({ width: 390, height: 800 });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(lastName);
  expect(await axeViolations(admin)).toEqual([]);
  await admin.context().close();
});
