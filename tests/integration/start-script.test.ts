/**
 * Issue 24 item 9: stopping `npm start` left the server running. npm runs a script with `sh -c`;
 * without `exec` the shell is the one that gets the signal and the server it started is orphaned.
 * This runs the start script's server part the way npm does (the build replaced by `true`), stops
 * the shell, and checks that nothing listens any more.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const listening = async (port: number) => {
  try {
    await fetch(`http://127.0.0.1:${port}/trpc/auth.me`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
};

describe("npm start", () => {
  it("stops the server when it is stopped (no orphan)", { timeout: 120_000 }, async () => {
    const script = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.start!;
    expect(script).toContain("npm run build");
    const port = await freePort();
    // A fresh in-memory database without the demo data: only how the process stops is under test,
    // and seeding a new embedded database took over 100 s while the rest of the suite ran.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      SERVE_CLIENT: "false",
      SEED_DEMO: "false",
      PGLITE_DIR: "memory://",
      PATH: `${path.join(ROOT, "node_modules/.bin")}:${process.env.PATH}`,
    };
    delete env.DATABASE_URL;
    const shell = spawn("sh", ["-c", script.replace("npm run build", "true")], { cwd: ROOT, env, stdio: "ignore", detached: true });
    try {
      let up = false;
      for (let i = 0; i < 100 && !up; i++) {
        up = await listening(port);
        if (!up) await new Promise((r) => setTimeout(r, 1000));
      }
      expect(up).toBe(true);
      shell.kill("SIGTERM");
      let down = false;
      for (let i = 0; i < 20 && !down; i++) {
        await new Promise((r) => setTimeout(r, 500));
        down = !(await listening(port));
      }
      expect(down).toBe(true);
    } finally {
      // Whatever is left of the group (only when the test failed).
      try {
        process.kill(-shell.pid!, "SIGKILL");
      } catch {
        /* gone */
      }
    }
  });
});
