import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../server/config";

/** The ConfigError that loading `env` throws. */
function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("expected loadConfig to throw a ConfigError");
}

const PRODUCTION_SECRET = "p".repeat(32);

describe("loadConfig", () => {
  it("has working defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "localhost",
      PUBLIC_BASE_URL: "http://localhost:3000",
      SEED_DEMO: true,
      RUN_JOBS: true,
      SERVE_CLIENT: true,
      SESSION_INACTIVITY_DAYS: 7,
      LOG_LEVEL: "info",
      isProduction: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.APP_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("parses numbers and booleans from strings", () => {
    const config = loadConfig({ PORT: "8080", SEED_DEMO: "false", RUN_JOBS: "0", SERVE_CLIENT: "1" });
    expect(config).toMatchObject({ PORT: 8080, SEED_DEMO: false, RUN_JOBS: false, SERVE_CLIENT: true });
    expect(config.PUBLIC_BASE_URL).toBe("http://localhost:8080");
  });

  it("drops a trailing slash of PUBLIC_BASE_URL", () => {
    expect(loadConfig({ PUBLIC_BASE_URL: "https://tickets.example.com/" }).PUBLIC_BASE_URL).toBe("https://tickets.example.com");
  });

  it("treats an empty string as unset", () => {
    const config = loadConfig({ DATABASE_URL: "", PORT: "" });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
  });

  it("accepts postgres and smtp URLs", () => {
    const config = loadConfig({ DATABASE_URL: "postgresql://u@db:5432/app", SMTP_URL: "smtps://u:p@mail:465" });
    expect(config.DATABASE_URL).toBe("postgresql://u@db:5432/app");
    expect(config.SMTP_URL).toBe("smtps://u:p@mail:465");
  });

  it.each([["abc"], ["70000"], ["-1"], ["1.5"]])("a wrong PORT %j is a ConfigError naming PORT", (port) => {
    const error = configErrorOf({ PORT: port });
    expect(error.message).toMatch(/\bPORT\b/);
  });

  it("a wrong DATABASE_URL is a ConfigError naming DATABASE_URL", () => {
    const error = configErrorOf({ DATABASE_URL: "mysql://root@localhost/app" });
    expect(error.message).toContain("DATABASE_URL");
    expect(error.message).not.toMatch(/\bPORT\b/);
  });

  it("a wrong SMTP_URL is a ConfigError naming SMTP_URL", () => {
    const error = configErrorOf({ SMTP_URL: "http://mail.example.com" });
    expect(error.message).toContain("SMTP_URL");
  });

  it("names every wrong variable at once", () => {
    const error = configErrorOf({ PORT: "x", SMTP_URL: "x", NODE_ENV: "staging" });
    expect(error.message).toMatch(/\bPORT\b/);
    expect(error.message).toContain("SMTP_URL");
    expect(error.message).toContain("NODE_ENV");
  });

  it("APP_SECRET is required in production", () => {
    expect(configErrorOf({ NODE_ENV: "production" }).message).toContain("APP_SECRET");
  });

  it("APP_SECRET must have 32 characters", () => {
    expect(configErrorOf({ NODE_ENV: "production", APP_SECRET: "short" }).message).toContain("APP_SECRET");
  });

  it("production with an APP_SECRET loads and uses it", () => {
    const config = loadConfig({ NODE_ENV: "production", APP_SECRET: PRODUCTION_SECRET, STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    expect(config.isProduction).toBe(true);
    expect(config.APP_SECRET).toBe(PRODUCTION_SECRET);
  });

  it("outside production a development secret is used", () => {
    const config = loadConfig({ NODE_ENV: "test" });
    expect(config.APP_SECRET).not.toBe("");
    expect(config.APP_SECRET).not.toBe(PRODUCTION_SECRET);
  });
});
