import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { uploads } from "../../../server/db/schema";
import { createTestApp, type TestApp, type TestClient } from "./app";
import { signedInOrganiser } from "./events";

export type UploadTestEnv = { t: TestApp; uploadDir: string; client: TestClient; organiserId: string };

/**
 * Registers the hooks of an upload test file: an app with its own upload folder and a signed-in
 * organiser, removed afterwards. The returned object is filled in before the tests run.
 */
export function setUpUploadTestApp(prefix: string): UploadTestEnv {
  const env = {} as UploadTestEnv;
  beforeAll(async () => {
    env.uploadDir = await mkdtemp(path.join(tmpdir(), prefix));
    env.t = await createTestApp({ UPLOAD_DIR: env.uploadDir });
    const o = await signedInOrganiser(env.t);
    env.client = o.client;
    env.organiserId = o.organiser.id;
  });
  afterAll(async () => {
    await env.t.close();
    await rm(env.uploadDir, { recursive: true, force: true });
  });
  return env;
}

/** How many upload rows and which files exist: refusals must leave both unchanged. */
export async function storedUploads(env: UploadTestEnv) {
  const rows = await env.t.database.db.select().from(uploads);
  const files = await readdir(env.uploadDir).catch(() => [] as string[]);
  return { rows: rows.length, files: files.sort() };
}
