/** The server under test of the hold benchmark: its own process, on the benchmark database. */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { PROFILE_DIR, ROOT } from "./config";
import { sleep } from "./lib";
import { declareStall } from "./run-state";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The same Postgres URL with another database. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export type Server = { proc: ChildProcess; baseUrl: string; wsUrl: string; inspectPort: number; exited: Promise<number | null> };

export type ServerOptions = {
  /** The checkout whose server runs (default this one): an older commit's worktree is measured the same way. */
  cwd?: string;
  /** More node flags, e.g. `--cpu-prof` (which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
};

/**
 * Starts `node --import tsx server/main.ts` (migrations, demo seed) on `databaseUrl` and waits
 * until /healthz answers; an unexpected exit later declares a stall.
 */
export async function startServer(databaseUrl: string, overrides: NodeJS.ProcessEnv = {}, options: ServerOptions = {}): Promise<Server> {
  const port = await freePort();
  const inspectPort = PROFILE_DIR ? await freePort() : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: baseUrl,
    SEED_DEMO: "true",
    RUN_JOBS: "false",
    SERVE_CLIENT: "false",
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    APP_SECRET: randomBytes(32).toString("base64url"),
    // No money moves in the benchmark.
    ALLOW_TEST_PAYMENTS: "true",
    // Each of the C buyers stands for many people, holding far faster than one person would:
    // the per-client hold limits would measure themselves, not the holds. The socket caps stay
    // as configured (the watchers come from many addresses, see holds/lib.ts watcherAddress).
    HOLD_CALLS_PER_MINUTE: "1000000",
    HOLD_MAX_CARTS_PER_DEVICE: "1000",
    HOLD_MAX_PLACES_PER_ADDRESS: "1000000",
    HOLD_MAX_PLACES_PER_ADDRESS_WITH_DEVICE: "1000000",
    ...overrides,
  };
  const args = [...(PROFILE_DIR ? [`--inspect=127.0.0.1:${inspectPort}`] : []), ...(options.nodeArgs ?? []), "--import", "tsx", "server/main.ts"];
  const proc = spawn(process.execPath, args, { cwd: options.cwd ?? ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) if (line.trim() && !line.includes("Debugger")) console.error(`[server] ${line}`);
  };
  proc.stdout!.on("data", forward);
  proc.stderr!.on("data", forward);
  const exited = new Promise<number | null>((resolve) =>
    proc.once("exit", (code, signal) => {
      if (!stopping.has(proc)) declareStall(`the server exited unexpectedly (code ${code}, signal ${signal}; code 0 is its shutdown on SIGTERM or SIGINT)`);
      resolve(code);
    }),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (gone) throw new Error("the server exited during start-up");
    if (Date.now() > deadline) throw new Error("the server did not become healthy within 180 s");
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return { proc, baseUrl, wsUrl: `ws://127.0.0.1:${port}/trpc`, inspectPort, exited };
}

const stopping = new WeakSet<ChildProcess>();

/** Stops the server (SIGTERM, SIGKILL after 15 s). */
export async function stopServer(server: Server): Promise<void> {
  stopping.add(server.proc);
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return;
  server.proc.kill("SIGTERM");
  const timer = setTimeout(() => server.proc.kill("SIGKILL"), 15_000);
  await server.exited;
  clearTimeout(timer);
}
