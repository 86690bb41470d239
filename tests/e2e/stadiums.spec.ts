import { expect, type Page, test } from "@playwright/test";
import { signInAsOrganiser, useEnglish } from "./helpers";

async function chooseOption(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).click();
}

function capacity(page: Page) {
  return page.getByTestId("capacity-total");
}

test("an organiser builds a plan with two blocks and two categories, undoes and redoes, saves it and seats an event on it", async ({ page }) => {
  const name = `Kammersaal ${Date.now()}`;
  await useEnglish(page);
  await signInAsOrganiser(page);
  await page.getByRole("link", { name: "Stadiums" }).click();
  await page.getByRole("link", { name: "Create stadium" }).click();
  await page.getByRole("textbox", { name: "Name", exact: true }).first().fill(name);

  // Two blocks: A made smaller (5 rows of 20), B as added (10 rows of 20).
  await page.getByRole("button", { name: "Add seated block" }).click();
  await page.getByRole("textbox", { name: "Rows", exact: true }).fill("5");
  await page.getByRole("textbox", { name: "Rows", exact: true }).press("Tab");
  await expect(capacity(page)).toHaveText("100");
  await page.getByRole("button", { name: "Add seated block" }).click();
  await expect(capacity(page)).toHaveText("300");

  // Undo takes block B away, redo brings it back (buttons and keyboard).
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(capacity(page)).toHaveText("100");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(capacity(page)).toHaveText("300");
  await page.keyboard.press("Control+z");
  await expect(capacity(page)).toHaveText("100");
  await page.keyboard.press("Control+Shift+z");
  await expect(capacity(page)).toHaveText("300");

  // Two categories, one per block.
  await page.getByRole("tab", { name: "Categories" }).click();
  await page.getByRole("button", { name: "Add category" }).click();
  await page.getByRole("button", { name: "Add category" }).click();
  await page.getByRole("radio", { name: /^Choose / }).first().check();
  await page.getByRole("tab", { name: "Layout" }).click();
  await chooseOption(page, "Block", "A");
  await page.getByRole("tab", { name: "Categories" }).click();
  await page.getByRole("button", { name: /^To all of / }).click();
  await page.getByRole("radio", { name: /^Choose / }).nth(1).check();
  await page.getByRole("tab", { name: "Layout" }).click();
  await chooseOption(page, "Block", "B");
  await page.getByRole("tab", { name: "Categories" }).click();
  await page.getByRole("button", { name: /^To all of / }).click();
  await expect(page.getByText("Places in categories: 300 of 300")).toBeVisible();

  await page.getByRole("button", { name: "Create stadium" }).click();
  await expect(page).toHaveURL(/\/dashboard\/stadiums\/[0-9a-f-]{36}$/);

  // The list shows it with its capacity.
  await page.getByRole("link", { name: "Stadiums" }).click();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("300");

  // Seat the demo reading on it (step 3 of its form) and see the seats on the event dashboard.
  await page.getByRole("link", { name: "My Events" }).click();
  await page.getByRole("link", { name: "Lesung: Neue Stimmen" }).click();
  await page.getByRole("link", { name: "Edit" }).click();
  await page.getByRole("button", { name: /Stadium Template/ }).click();
  await page.getByRole("radio", { name: "Seating plan", exact: true }).check();
  await chooseOption(page, "Seating plan", new RegExp(name));
  await page.getByRole("button", { name: "Save draft and close" }).click();
  await expect(page.getByTestId("seat-count")).toHaveText("300");

  // Block every seat of the date by dragging a rectangle over the plan, then unblock them.
  await page.getByRole("link", { name: "Block seats" }).click();
  await expect(page.getByText("Free: 300")).toBeVisible();
  const plan = page.getByRole("application").first();
  const box = (await plan.boundingBox())!;
  await page.mouse.move(box.x + 4, box.y + 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 60, box.y + box.height - 4, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByText("300 seats selected")).toBeVisible();
  await page.getByRole("button", { name: "Block selected seats", exact: true }).click();
  await expect(page.getByText("Blocked: 300")).toBeVisible();
  await page.mouse.move(box.x + 4, box.y + 4);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width - 60, box.y + box.height - 4, { steps: 8 });
  await page.mouse.up();
  await page.getByRole("button", { name: "Unblock selected seats" }).click();
  await expect(page.getByText("Free: 300")).toBeVisible();
});
