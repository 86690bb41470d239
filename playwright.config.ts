import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://localhost:${PORT}`;
// A fresh embedded database per run, seeded with the demo accounts.
const PGLITE_DIR = process.env.E2E_PGLITE_DIR ?? `./data/e2e-${Date.now()}`;
// E2E_DIST builds the client into another folder, so runs on different ports do not overwrite each other's build.
const DIST = process.env.E2E_DIST;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Two at a time: the accessibility audit of every page (read-only but for one order of its own)
  // runs beside the other specs, which run one after another (each project at most 1 worker).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // CI machines vary: on a VM that ran pgbench at a third of another's speed (with the two
  // projects side by side) journeys of 40-50 s locally took over a minute.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // Signs the demo organiser in once per run (tests/e2e/auth.setup.ts): the tests reuse that
    // session instead of meeting the login limit of decision 010.
    { name: "setup", testMatch: /auth\.setup\.ts$/, use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "chromium", testIgnore: /a11y-pages\.spec\.ts$/, dependencies: ["setup"], workers: 1, use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "a11y", testMatch: /a11y-pages\.spec\.ts$/, dependencies: ["setup"], workers: 1, use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
  webServer: {
    command: DIST ? `npx vite build --outDir ${DIST} --emptyOutDir && tsx server/main.ts` : "npm run build && tsx server/main.ts",
    url: `${BASE_URL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      PUBLIC_BASE_URL: BASE_URL,
      PGLITE_DIR,
      ...(DIST ? { CLIENT_DIST_DIR: DIST } : {}),
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "warn",
      NODE_ENV: "development",
    },
  },
});
