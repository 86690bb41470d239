/**
 * Walks every procedure of the app router and checks who may call it against the access its
 * builder declared (server/trpc/init.ts). New procedures are covered without touching this file.
 */
import { type AnyProcedure, TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDeps } from "../../server/deps";
import { createSession } from "../../server/modules/auth/session";
import { createContextFromToken } from "../../server/trpc/context";
import { type Access, createCallerFactory, type Meta } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/router";
import { ROLES } from "../../shared/enums";
import { emptyPermissionSet, fullPermissionSet, type Permission, PERMISSIONS } from "../../shared/permissions";
import { createTestDeps } from "./helpers/config";
import { createTestDatabase, type TestDatabase } from "./helpers/database";
import { createOrganiser, createUser } from "./helpers/factories";

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, AnyProcedure>);
const createCaller = createCallerFactory(appRouter);

/** The distinct any-of permission lists organiser procedures declare. */
const ORGANISER_PERMISSION_SETS: Permission[][] = [
  ...new Map(
    procedures
      .map(([, p]) => (p._def.meta as Meta | undefined)?.access)
      .filter((a): a is Extract<Access, { kind: "organiser" }> => a?.kind === "organiser")
      .map((a) => [a.permissions.join("+"), a.permissions] as const),
  ).values(),
];

function accessOf(procedure: AnyProcedure): Access | undefined {
  return (procedure._def.meta as Meta | undefined)?.access;
}

/** Callers by name; a team member's permission set is part of who they are. */
type CallerName =
  | "organiser"
  | "teamMemberWithout"
  | "teamMemberAllButNeeded"
  | "teamMemberOnlyNeeded"
  | "teamMemberAll"
  | "reseller"
  | "agent"
  | "admin";

let database: TestDatabase;
let deps: AppDeps;
const userIds = new Map<string, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  deps = createTestDeps(database);
  const db = database.db;
  const organiser = await createOrganiser(db);
  const organiserId = organiser.id;
  const add = async (key: string, options: Parameters<typeof createUser>[1]) => {
    userIds.set(key, (await createUser(db, { organiserId, ...options })).id);
  };
  await add("organiser", { role: "organiser" });
  await add("teamMemberWithout", { role: "team_member", permissions: emptyPermissionSet() });
  await add("teamMemberAll", { role: "team_member", permissions: fullPermissionSet() });
  // "All but needed": every right except all of a procedure's alternatives.
  for (const set of ORGANISER_PERMISSION_SETS) {
    const without = Object.fromEntries(set.map((p) => [p, false]));
    await add(`teamMemberAllButNeeded:${set.join("+")}`, {
      role: "team_member",
      permissions: { ...fullPermissionSet(), ...without },
    });
  }
  for (const permission of PERMISSIONS) {
    await add(`teamMemberOnlyNeeded:${permission}`, {
      role: "team_member",
      permissions: { ...emptyPermissionSet(), [permission]: true },
    });
  }
  await add("reseller", { role: "reseller" });
  await add("agent", { role: "agent" });
  await add("admin", { role: "admin", organiserId: null });
});

afterAll(async () => {
  await database.destroy();
});

function userKey(name: CallerName, access: Access, permission?: Permission): string {
  if (name === "teamMemberAllButNeeded" || name === "teamMemberOnlyNeeded") {
    if (access.kind !== "organiser") throw new Error(`${name} only makes sense for organiser procedures`);
    return name === "teamMemberOnlyNeeded" ? `${name}:${permission}` : `${name}:${access.permissions.join("+")}`;
  }
  return name;
}

/**
 * Calls `path` as `name` (or anonymously) with input undefined: the access middleware runs
 * before input parsing. Every call gets a fresh session, so a procedure that ends sessions
 * cannot spoil the next check. Returns "ok" or the tRPC error code.
 */
async function outcome(
  path: string,
  name: CallerName | "anonymous",
  access: Access,
  permission?: Permission,
): Promise<string> {
  let token: string | undefined;
  if (name !== "anonymous") {
    const userId = userIds.get(userKey(name, access, permission));
    if (!userId) throw new Error(`no user for ${name}`);
    token = (await createSession(database.db, userId, { inactivityDays: deps.config.SESSION_INACTIVITY_DAYS })).token;
  }
  const ctx = await createContextFromToken(deps, token, { ip: "127.0.0.1", cookies: { set: () => {}, clear: () => {} } });
  if (name !== "anonymous") expect(ctx.auth, `session of ${name}`).not.toBeNull();
  const caller = createCaller(ctx) as unknown as Record<string, unknown>;
  const fn = path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  try {
    await (fn as (input: unknown) => Promise<unknown>)(undefined);
    return "ok";
  } catch (err) {
    if (err instanceof TRPCError) return err.code;
    throw err;
  }
}

const REFUSALS = ["UNAUTHORIZED", "FORBIDDEN"];
const ALL_CALLERS: CallerName[] = ["organiser", "teamMemberWithout", "teamMemberAll", "reseller", "agent", "admin"];
const ROLE_CALLER: Record<"reseller" | "agent" | "admin", CallerName> = { reseller: "reseller", agent: "agent", admin: "admin" };

describe("the router", () => {
  it("is walked as a flat list of procedures", () => {
    expect(procedures.length).toBeGreaterThan(5);
    expect(procedures.map(([path]) => path)).toContain("auth.login");
  });

  it("has procedures of each guarded kind, so the walk checks something", () => {
    const kinds = new Set(procedures.map(([, p]) => accessOf(p)?.kind));
    expect(kinds.has("public") && kinds.has("organiser") && kinds.has("role")).toBe(true);
  });
});

describe.each(procedures)("%s", (path, procedure) => {
  it("declares who may call it", () => {
    const access = accessOf(procedure);
    expect(access, `${path} has no meta.access: build it with the procedures of server/trpc/init.ts`).toBeDefined();
    expect(["public", "authed", "organiser", "role"]).toContain(access?.kind);
    if (access?.kind === "organiser") {
      expect(access.permissions.length).toBeGreaterThan(0);
      for (const p of access.permissions) expect(PERMISSIONS).toContain(p);
    }
    if (access?.kind === "role") expect(ROLES).toContain(access.role);
  });

  const access = accessOf(procedure);
  if (!access) return;

  if (access.kind === "public") {
    it("lets an anonymous caller through", async () => {
      expect(REFUSALS).not.toContain(await outcome(path, "anonymous", access));
    });
    return;
  }

  it("refuses an anonymous caller with UNAUTHORIZED", async () => {
    expect(await outcome(path, "anonymous", access)).toBe("UNAUTHORIZED");
  });

  if (access.kind === "authed") {
    it.each(ALL_CALLERS)("accepts %s", async (name) => {
      expect(REFUSALS).not.toContain(await outcome(path, name, access));
    });
  }

  if (access.kind === "role") {
    const allowed = ROLE_CALLER[access.role];
    it(`accepts ${allowed}`, async () => {
      expect(REFUSALS).not.toContain(await outcome(path, allowed, access));
    });
    it.each(ALL_CALLERS.filter((n) => n !== allowed))("refuses %s with FORBIDDEN", async (name) => {
      expect(await outcome(path, name, access)).toBe("FORBIDDEN");
    });
  }

  if (access.kind === "organiser") {
    const needed = access.permissions.join(" or ");
    it.each(["organiser", "teamMemberAll"] as const)(`accepts %s (permission ${needed})`, async (name) => {
      expect(REFUSALS).not.toContain(await outcome(path, name, access));
    });
    it.each(access.permissions)("accepts a team member holding only %s", async (permission) => {
      expect(REFUSALS).not.toContain(await outcome(path, "teamMemberOnlyNeeded", access, permission));
    });
    it.each(["teamMemberWithout", "teamMemberAllButNeeded", "reseller", "agent", "admin"] as const)(
      `refuses %s with FORBIDDEN (permission ${needed})`,
      async (name) => {
        expect(await outcome(path, name, access)).toBe("FORBIDDEN");
      },
    );
  }
});
