import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyWebsocket from "@fastify/websocket";
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppDeps } from "./deps";
import { registerClientFiles, registerCompression, WS_PER_MESSAGE_DEFLATE } from "./http/delivery";
import { registerDevMail } from "./http/dev-mail";
import { registerErrorHandler } from "./http/errors";
import { registerSameOriginCheck } from "./http/same-origin";
import { registerPaymentRoutes } from "./http/payments";
import { registerUploads } from "./http/uploads";
import { registerDocumentRoutes } from "./http/documents";
import { registerInvoiceRoutes } from "./http/invoices";
import { registerOrderInvoiceRoutes } from "./http/order-invoices";
import { registerOrderExportRoutes } from "./http/order-export";
import { registerVoucherExportRoutes } from "./http/voucher-export";
import { registerBoxOfficeRoutes } from "./http/boxoffice";
import { registerResellerRoutes } from "./http/reseller";
import { registerPrintRoutes } from "./http/print";
import { registerReportDownloadRoutes } from "./http/report-downloads";
import { activateAccount } from "./modules/auth/service";
import { AppError } from "./lib/app-error";
import { makeCreateContext } from "./trpc/context";
import { type AppRouter, appRouter } from "./trpc/router";
import { wsEncoder } from "./trpc/transformer";

/** The built client; CLIENT_DIST_DIR moves it (browser tests of two checkouts' builds side by side). */
export const CLIENT_DIST = process.env.CLIENT_DIST_DIR
  ? path.resolve(process.env.CLIENT_DIST_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist/client");
/** JSON bodies above this are refused with 413; uploads get their own limits. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole HTTP app without listening; main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // Emailed tokens travel as a path parameter; the default cap is 100 characters.
    routerOptions: { maxParamLength: 5000 },
    trustProxy: false,
    // Slow clients must not hold connections forever (Fastify's defaults never time a request out).
    requestTimeout: deps.config.HTTP_REQUEST_TIMEOUT_MS,
    connectionTimeout: 2 * deps.config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: 72_000,
    http: {
      headersTimeout: Math.min(10_000, deps.config.HTTP_REQUEST_TIMEOUT_MS),
      // Node checks those timeouts only this often.
      connectionsCheckingInterval: Math.min(5_000, deps.config.HTTP_REQUEST_TIMEOUT_MS / 2),
    },
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // wasm-unsafe-eval: the check-in page's QR decoder (zxing-wasm) compiles WebAssembly; no JS eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Mantine writes CSS variables into style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        fontSrc: ["'self'", "data:"],
        // blob:: the box office prints its tickets PDF from a hidden frame (fetched, then framed as a blob).
        frameSrc: ["https://www.youtube-nocookie.com", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: deps.config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await deps.bus.start();
  app.addHook("onClose", async () => {
    await deps.folds.idle();
    await deps.soldOut.idle();
    await deps.bus.stop();
  });
  registerErrorHandler(app);
  // Before every route: compression applies to the routes registered after it (decision 032).
  await registerCompression(app);
  await app.register(fastifyCookie);
  await app.register(fastifyWebsocket, { options: { maxPayload: BODY_LIMIT_BYTES, perMessageDeflate: WS_PER_MESSAGE_DEFLATE } });
  registerSameOriginCheck(app, deps.config.PUBLIC_BASE_URL);
  // Sockets per address are capped before the upgrade: a refused client costs no context, no snapshot.
  app.addHook("onRequest", async (req, reply) => {
    if (req.headers.upgrade?.toLowerCase() !== "websocket") return;
    if (!deps.sockets.admit(req.ip, req.raw.socket)) return reply.code(429).header("retry-after", "60").send({ error: "TOO_MANY_REQUESTS" });
  });

  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    useWSS: true,
    trpcOptions: {
      router: appRouter,
      // A silent connection is pinged; one that does not answer is closed (and its holds' watcher freed).
      keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
      experimental_encoder: wsEncoder,
      createContext: makeCreateContext(deps),
      // A refusal by a limit tells when to come back (the same figure is in the error's data).
      responseMeta({ errors }) {
        const waits = errors.flatMap((e) => (e.cause instanceof AppError && e.cause.retryAfter ? [e.cause.retryAfter] : []));
        return waits.length ? { headers: { "retry-after": String(Math.max(...waits)) } } : {};
      },
      onError({ error, path }) {
        if (error.code === "INTERNAL_SERVER_ERROR") deps.log.error({ err: error.cause ?? error, path }, "tRPC error");
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });

  app.get("/healthz", async (_req, reply) => {
    try {
      await deps.database.db.execute(sql`select 1`);
      return { status: "ok", database: "up" };
    } catch (err) {
      deps.log.error({ err }, "health check: database unreachable");
      return reply.code(503).send({ status: "error", database: "down" });
    }
  });

  // The emailed activation link: activates, then shows the matching page of the client.
  app.get("/api/auth/activate/:token", async (req, reply) => {
    const params = z.object({ token: z.string().max(200) }).safeParse(req.params);
    const result = params.success ? await activateAccount(deps.database.db, params.data.token) : "invalid";
    if (result === "activated") return reply.redirect("/activation-success");
    return reply.redirect(result === "already_activated" ? "/activation-error?reason=already-activated" : "/activation-error");
  });

  await registerUploads(app, deps);
  await registerDocumentRoutes(app, deps);
  registerInvoiceRoutes(app, deps);
  registerOrderInvoiceRoutes(app, deps);
  registerOrderExportRoutes(app, deps);
  registerVoucherExportRoutes(app, deps);
  registerBoxOfficeRoutes(app, deps);
  registerResellerRoutes(app, deps);
  registerPrintRoutes(app, deps);
  registerReportDownloadRoutes(app, deps);
  await registerPaymentRoutes(app, deps);
  if (!deps.config.isProduction) registerDevMail(app, deps.database);

  const serveClient = deps.config.SERVE_CLIENT && existsSync(path.join(CLIENT_DIST, "index.html"));
  if (serveClient) await registerClientFiles(app, CLIENT_DIST);

  app.setNotFoundHandler(async (req, reply) => {
    if (serveClient && wantsAppPage(req.method, req.url, req.headers.accept)) {
      // SPA fallback: the client router decides what the path means.
      return reply.type("text/html; charset=utf-8").sendFile("index.html");
    }
    return reply.code(404).send({ error: "NOT_FOUND" });
  });

  return app;
}

/**
 * Whether a request the server has no route for gets the app's page (the client router decides
 * what the path means): a GET or HEAD outside the API paths, not of a file (a missing script or
 * image stays a 404), from a client that takes HTML: a browser, or curl's `*\/*` (issue 24 item 9).
 */
export function wantsAppPage(method: string, url: string, accept: string | undefined): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  const pathname = url.split("?")[0]!;
  if (/^\/(trpc|api|dev|uploads)(\/|$)/.test(pathname)) return false;
  if (/\.[A-Za-z0-9]+$/.test(pathname.split("/").at(-1) ?? "")) return false;
  if (!accept) return true;
  return /text\/html|\*\/\*/.test(accept);
}
