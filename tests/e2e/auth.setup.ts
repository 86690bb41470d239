import { test as setup } from "@playwright/test";
import { login, ORGANISER_STATE, useEnglish } from "./helpers";

/**
 * Signs the demo organiser in once per run, through the login dialog, and keeps the session
 * (cookie and userInfo) for the specs that only need to be signed in. Logging in again in every
 * test and retry from one address would meet the login limit of decision 010 (10 per account
 * and address in 15 minutes) and make the later tests fail with 429.
 */
setup("the demo organiser signs in once for the run", async ({ page }) => {
  await useEnglish(page);
  await login(page, "organiser@example.com");
  await page.context().storageState({ path: ORGANISER_STATE });
});
