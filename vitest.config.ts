import { defineConfig } from "vitest/config";

/**
 * Two projects: fast unit tests of pure code, and integration tests against a real database
 * (PGlite in memory by default, Postgres when TEST_DATABASE_URL is set). Every integration
 * file opens its own database, so files run in parallel.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
