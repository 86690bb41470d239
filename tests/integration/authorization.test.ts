/**
 * Walks every procedure of the app router and checks who may call it against the access its
 * builder declared (server/trpc/init.ts). New procedures are covered without touching this file.
 */
import { type AnyProcedure, TRPCError } from "@trpc/server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppDeps } from "../../server/deps";
import { events, organisers, users } from "../../server/db/schema";
import { createSession } from "../../server/modules/auth/session";
import { createEvent } from "../../server/modules/events/service";
import { saveTicketCategories } from "../../server/modules/tickets/service";
import { AppError } from "../../server/lib/app-error";
import { createContextFromToken } from "../../server/trpc/context";
import { type Access, createCallerFactory, type Meta } from "../../server/trpc/init";
import { appRouter } from "../../server/trpc/router";
import { ROLES } from "../../shared/enums";
import { emptyPermissionSet, fullPermissionSet, type Permission, PERMISSIONS } from "../../shared/permissions";
import { ZEventData } from "../../shared/schemas/events";
import { ZSchedule } from "../../shared/schemas/schedule";
import { newTicketCategory, ZTicketCategories } from "../../shared/schemas/tickets";
import { createTestDeps } from "./helpers/config";
import { createTestDatabase, type TestDatabase } from "./helpers/database";
import { createOrganiser, createUser, setContingent } from "./helpers/factories";

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
    expect(["public", "authed", "organiser", "owner", "role"]).toContain(access?.kind);
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

  if (access.kind === "owner") {
    it("accepts the organiser account's owner", async () => {
      expect(REFUSALS).not.toContain(await outcome(path, "organiser", access));
    });
    it.each(ALL_CALLERS.filter((n) => n !== "organiser"))("refuses %s with FORBIDDEN (owner only)", async (name) => {
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

/**
 * All 17 rights of SPEC §6, each on its own: a team member holding only right P is let through
 * exactly the organiser procedures that name P, and refused every other one (and every owner
 * procedure). Rights no procedure names yet (their areas are later issues) must open nothing.
 */
describe("each of the 17 rights alone", () => {
  const organiserProcedures = procedures.filter(([, p]) => accessOf(p)?.kind === "organiser" || accessOf(p)?.kind === "owner");
  /** Rights whose areas do not exist yet; the list shrinks as they land (a right in use here fails the test). */
  const NOT_YET_USED: Permission[] = [];

  it("the rights not yet named by any procedure are exactly the known later areas", () => {
    const used = new Set(organiserProcedures.flatMap(([, p]) => { const a = accessOf(p); return a?.kind === "organiser" ? a.permissions : []; }));
    expect(PERMISSIONS.filter((p) => !used.has(p))).toEqual(NOT_YET_USED);
  });

  it.each(PERMISSIONS)("%s alone opens exactly the procedures that name it", async (permission) => {
    const wrong: string[] = [];
    for (const [path, procedure] of organiserProcedures) {
      const access = accessOf(procedure)!;
      const allowed = access.kind === "organiser" && access.permissions.includes(permission);
      const result = await outcome(path, "teamMemberOnlyNeeded", { kind: "organiser", permissions: [permission] }, permission);
      if (allowed === REFUSALS.includes(result)) wrong.push(`${path}: ${result}`);
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * SPEC §6 separates "create event" from "update event": a creator completes drafts, but changing
 * a released event takes "update event" (issue 12: a member with only createEvent could edit
 * published events). The walk above only checks the gate of each procedure; this checks the
 * rule behind the gate of the steps both rights open.
 */
describe("create event versus update event", () => {
  const EVENT_STEPS = ["events.saveData", "events.saveDetails", "events.saveSeating", "events.saveOptions"] as const;
  const DATA = { name: "Rights", category: "events_concerts", subcategory: "concert", address: "Hauptstraße 1", addressAddition: null, city: "Berlin", zip: "10115", country: "DE" };
  const SCHEDULE = { timeZone: "Europe/Berlin", kind: "one_day", startDate: "2031-06-01", repeat: "once", times: { mode: "all_days", start: "19:00", end: "22:00" }, additionalDates: [] };
  let draftId: string;
  let releasedIds: Record<"published" | "scheduled", string>;

  function stepInput(path: (typeof EVENT_STEPS)[number], id: string): unknown {
    switch (path) {
      case "events.saveData":
        return { id, type: "REGULAR", data: { ...DATA, name: "Renamed" }, schedule: SCHEDULE };
      case "events.saveDetails":
        return { id, descriptionHtml: "<p>Changed</p>", faq: [] };
      case "events.saveSeating":
        return { id, seatingMode: "free" };
      case "events.saveOptions":
        return { id, vatPercent: 7, visibility: "public", participantFields: [] };
    }
  }

  async function call(userKeyName: string, path: string, input: unknown): Promise<string> {
    const userId = userIds.get(userKeyName)!;
    const { token } = await createSession(database.db, userId, { inactivityDays: deps.config.SESSION_INACTIVITY_DAYS });
    const ctx = await createContextFromToken(deps, token, { ip: "127.0.0.1", cookies: { set: () => {}, clear: () => {} } });
    const caller = createCaller(ctx) as unknown as Record<string, Record<string, (input: unknown) => Promise<unknown>>>;
    const [router, procedure] = path.split(".") as [string, string];
    try {
      await caller[router]![procedure]!(input);
      return "ok";
    } catch (err) {
      // The service's code, so a FORBIDDEN of the rights is not mistaken for PROFILE_NOT_VERIFIED.
      if (err instanceof TRPCError) return err.cause instanceof AppError ? err.cause.code : err.code;
      throw err;
    }
  }

  beforeAll(async () => {
    const [owner] = await database.db.select().from(users).where(eq(users.id, userIds.get("organiser")!));
    // Released events are re-checked against the publishing gate on every save.
    await database.db
      .update(organisers)
      .set({ verificationState: "verified", plan: "yearly", planUntil: new Date(Date.now() + 365 * 86_400_000) })
      .where(eq(organisers.id, owner!.organiserId!));
    await setContingent(database.db, owner!.organiserId!, 100_000);
    const step1 = { type: "REGULAR" as const, data: ZEventData.parse(DATA), schedule: ZSchedule.parse(SCHEDULE) };
    const create = async () => {
      const { id } = await createEvent(database.db, owner!.organiserId!, step1);
      // A released event stays complete: the steps re-check that (reassertPublishable).
      await saveTicketCategories(database.db, owner!.organiserId!, id, ZTicketCategories.parse([{ ...newTicketCategory("a"), name: "A", priceCents: 1500 }]));
      return id;
    };
    draftId = await create();
    releasedIds = { published: await create(), scheduled: await create() };
    // Released straight in the table: how they got there is the lifecycle tests' business.
    for (const [status, id] of Object.entries(releasedIds)) {
      await database.db.update(events).set({ status: status as "published" | "scheduled" }).where(eq(events.id, id));
    }
  });

  it.each(EVENT_STEPS)("%s: a member with only createEvent completes a draft", async (path) => {
    expect(await call("teamMemberOnlyNeeded:createEvent", path, stepInput(path, draftId))).toBe("ok");
  });

  it.each(EVENT_STEPS.flatMap((path) => (["published", "scheduled"] as const).map((status) => [path, status] as const)))(
    "%s: a member with only createEvent is FORBIDDEN on a %s event, which stays as it was",
    async (path, status) => {
      const id = releasedIds[status];
      const [before] = await database.db.select().from(events).where(eq(events.id, id));
      expect(await call("teamMemberOnlyNeeded:createEvent", path, stepInput(path, id))).toBe("FORBIDDEN");
      const [after] = await database.db.select().from(events).where(eq(events.id, id));
      expect(after).toEqual(before);
    },
  );

  it.each(EVENT_STEPS)("%s: a member with updateEvent (and the organiser) may change a published event", async (path) => {
    expect(await call("teamMemberOnlyNeeded:updateEvent", path, stepInput(path, releasedIds.published))).toBe("ok");
    expect(await call("organiser", path, stepInput(path, releasedIds.published))).toBe("ok");
  });
});
