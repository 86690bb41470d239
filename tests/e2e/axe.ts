import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");

/**
 * The WCAG 2 A/AA violations axe-core finds on the page as it is now. axe is injected as a
 * script tag, which the server's CSP refuses: the page's context must be made with
 * `bypassCSP: true` (`test.use({ bypassCSP: true })` or `browser.newContext({ bypassCSP: true })`).
 */
export async function axeViolations(page: Page) {
  // Colours are measured as drawn: a dialog still fading in (a tour step, a modal) would show
  // its text at a fraction of its contrast. Finite animations and transitions end first.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity));
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return result.violations.map((v) => ({ id: v.id, targets: v.nodes.map((n) => n.target) }));
  });
}
