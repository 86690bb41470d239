import { z } from "zod";

const DEV_SECRET = "dev-only-secret-do-not-use-in-production-0123456789";

const ZBool = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

const ZEnv = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Listen address: loopback unless set (a default start is not reachable from other machines). */
    HOST: z.string().min(1).default("localhost"),
    /** Public base URL used in emailed links and for the same-origin check. */
    PUBLIC_BASE_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
    PGLITE_DIR: z.string().min(1).default("./data/pglite"),
    UPLOAD_DIR: z.string().min(1).default("./data/uploads"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Ticketing <no-reply@localhost>"),
    STRIPE_SECRET_KEY: z.string().startsWith("sk_").optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith("whsec_").optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith("pk_").optional(),
    /** Another address for Stripe's API (a local stand-in in tests); default api.stripe.com. */
    STRIPE_API_BASE: z.url().optional(),
    /** Lets production run without Stripe, on the built-in test payment page (no money moves): demos only. */
    ALLOW_TEST_PAYMENTS: ZBool.default(false),
    /** Signs the UI session hint and (later) ticket codes. Required in production. */
    APP_SECRET: z.string().min(32).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Seed the demo data on an empty database at start. */
    SEED_DEMO: ZBool.default(true),
    /** Run background jobs (mail sender, clean-ups) in this instance. */
    RUN_JOBS: ZBool.default(true),
    /** Serve the built client from dist/client. */
    SERVE_CLIENT: ZBool.default(true),
    /** How long a session lives without activity, in days. */
    SESSION_INACTIVITY_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    /** How long a buyer's seats stay held (ARCHITECTURE: 15 minutes), in seconds. */
    HOLD_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(900),
    /** Seat announcements of one event date are coalesced over this tick, in milliseconds. */
    SEAT_TICK_MS: z.coerce.number().int().min(0).max(1000).default(50),
    /**
     * A request's headers and body must have arrived within this (a 10 MB upload needs about
     * 0.7 Mbit/s); headers alone within 10 s. A client that trickles bytes is cut off.
     */
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(200).max(600_000).default(120_000),
    /** Open WebSockets per client address (buyers behind one NAT share it). */
    WS_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(200),
    /** Live seat maps one WebSocket may watch at once. */
    WS_MAX_SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().min(1).max(1000).default(4),
    /** Seat-map subscriptions an address may start per minute. */
    WS_SUBSCRIPTION_STARTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** Carts one device (its device cookie) may keep active at once. */
    HOLD_MAX_CARTS_PER_DEVICE: z.coerce.number().int().min(1).max(1000).default(2),
    /** Places held at once by requests from one address that carry no device cookie. */
    HOLD_MAX_PLACES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(100),
    /** Places held at once from one address by requests with a device cookie (a NAT of many buyers). */
    HOLD_MAX_PLACES_PER_ADDRESS_WITH_DEVICE: z.coerce.number().int().min(1).max(1_000_000).default(1000),
    /** Hold calls (hold, best available) per minute and client (its device, else its address). */
    HOLD_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /** New places in an event's waiting room per minute and client address (decision 033; a place kept by its token is not new). */
    WAITING_ROOM_JOINS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(300),
  })
  .superRefine((env, ctx) => {
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      // Stripe would take the money, but its news about payments could not be verified.
      ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required with STRIPE_SECRET_KEY" });
    }
    if (env.NODE_ENV === "production" && !env.ALLOW_TEST_PAYMENTS && !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)) {
      // Without Stripe the test payment page would hand out tickets for free.
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: "and STRIPE_WEBHOOK_SECRET are required in production (ALLOW_TEST_PAYMENTS=true runs a demo on the test payment page instead)",
      });
    }
    if (env.NODE_ENV === "production" && !env.APP_SECRET) {
      ctx.addIssue({ code: "custom", path: ["APP_SECRET"], message: "is required in production (32+ characters)" });
    } else if (!env.APP_SECRET && !isLoopbackHost(env.HOST)) {
      // The development secret is public: anyone could sign UI hints and ticket codes with it.
      ctx.addIssue({ code: "custom", path: ["APP_SECRET"], message: `is required when listening beyond loopback (HOST=${env.HOST})` });
    }
  });

/** True for addresses only this machine can reach (what a default start listens on). */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, "");
  return h === "localhost" || h === "::1" || /^127(\.\d{1,3}){3}$/.test(h) || h === "::ffff:127.0.0.1";
}

export type Config = Omit<z.output<typeof ZEnv>, "APP_SECRET" | "PUBLIC_BASE_URL"> & {
  APP_SECRET: string;
  PUBLIC_BASE_URL: string;
  isProduction: boolean;
};

export class ConfigError extends Error {}

/** Parses the environment; a wrong value throws a ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in .env files mean "unset".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  return {
    ...c,
    APP_SECRET: c.APP_SECRET ?? DEV_SECRET,
    PUBLIC_BASE_URL: (c.PUBLIC_BASE_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ""),
    isProduction: c.NODE_ENV === "production",
  };
}
