import { and, count, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { isCancelled } from "../../../shared/rules/event-status";
import { RESELLER_LIMIT, type ZResellerCreate, type ZResellerUpdate } from "../../../shared/schemas/resellers";
import type { Db, DbOrTx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { events, organisers, resellerProfiles, resellerTickets, ticketCategories, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { hashPassword } from "../../lib/password";
import { setSubAccountActive } from "../account/team";
import { invalidateUserSessions } from "../auth/session";

/**
 * The owner's management of resellers (SPEC §3 Reseller, §5 reseller form; issue 21, decision
 * 022). A reseller is a `users` row (role reseller, the name as first name, email and password
 * for the login) plus its `reseller_profiles` row and the `reseller_tickets` it sells.
 */

export const isResellerOf = (organiserId: string) => and(eq(users.organiserId, organiserId), eq(users.role, "reseller"));

type AssignedEvents = z.output<typeof ZResellerCreate>["events"];
type Details = Omit<z.output<typeof ZResellerUpdate>, "id" | "events" | "email">;

/**
 * Checks the events and ticket categories of the form against the organiser's own: another
 * organiser's event or category, a season container (it has no dates to sell) or a category of
 * another event than the one it is named with is NOT_FOUND, a cancelled event EVENT_CANCELLED;
 * each on the field it came from. `kept`: events already assigned, which may stay after being
 * cancelled (the form must still save the reseller's other changes; nothing sells there anyway).
 */
async function assignmentRows(tx: DbOrTx, organiserId: string, assigned: AssignedEvents, kept: ReadonlySet<string> = new Set()) {
  const eventIds = assigned.map((e) => e.eventId);
  const categoryIds = assigned.flatMap((e) => e.tickets.map((x) => x.ticketCategoryId));
  const ownEvents = await tx
    .select({ id: events.id, type: events.type, status: events.status })
    .from(events)
    .where(and(eq(events.organiserId, organiserId), inArray(events.id, eventIds)));
  const ownCategories = await tx
    .select({ id: ticketCategories.id, eventId: ticketCategories.eventId })
    .from(ticketCategories)
    .where(and(eq(ticketCategories.organiserId, organiserId), inArray(ticketCategories.id, categoryIds)));
  const eventById = new Map(ownEvents.map((e) => [e.id, e]));
  const eventOfCategory = new Map(ownCategories.map((c) => [c.id, c.eventId]));
  return assigned.flatMap((e, i) => {
    const event = eventById.get(e.eventId);
    if (!event || event.type === "SEASONAL") throw new AppError("NOT_FOUND", { field: `events.${i}.eventId` });
    if (isCancelled(event.status) && !kept.has(e.eventId)) throw new AppError("EVENT_CANCELLED", { field: `events.${i}.eventId` });
    return e.tickets.map((ticket, j) => {
      if (eventOfCategory.get(ticket.ticketCategoryId) !== e.eventId) {
        throw new AppError("NOT_FOUND", { field: `events.${i}.tickets.${j}.ticketCategoryId` });
      }
      return { eventId: e.eventId, ticketCategoryId: ticket.ticketCategoryId, priceCents: ticket.priceCents };
    });
  });
}

function profileOf(details: Details) {
  return {
    name: details.name,
    address: details.address,
    city: details.city,
    zip: details.zip,
    state: details.state,
    country: details.country,
    mobile: details.mobile,
  };
}

/** An email another login has (any role, any organiser) is refused on the email field. */
function emailTaken(err: unknown): never {
  if (isUniqueViolation(err, "users_email_unique")) throw new AppError("EMAIL_TAKEN", { field: "email" });
  throw err;
}

/**
 * Creates a reseller, active at once: it signs in with the email and password given (no
 * activation mail: the owner hands the password over). All or nothing in one transaction.
 */
export async function createReseller(db: Db, organiserId: string, input: z.output<typeof ZResellerCreate>, locale: "de" | "en"): Promise<{ id: string }> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      // Serialises the organiser's reseller creations, so the limit holds under parallel
      // requests; "no key update" leaves inserts that reference the organiser unblocked.
      await tx.select({ id: organisers.id }).from(organisers).where(eq(organisers.id, organiserId)).for("no key update");
      const [resellers] = await tx.select({ n: count() }).from(users).where(isResellerOf(organiserId));
      if ((resellers?.n ?? 0) >= RESELLER_LIMIT) throw new AppError("RESELLER_LIMIT");
      const tickets = await assignmentRows(tx, organiserId, input.events);
      const [user] = await tx
        .insert(users)
        .values({
          role: "reseller",
          status: "active",
          activatedAt: new Date(),
          organiserId,
          email: input.email,
          firstName: input.name,
          lastName: "",
          passwordHash,
          locale,
        })
        .returning({ id: users.id });
      const id = user!.id;
      await tx.insert(resellerProfiles).values({ userId: id, organiserId, ...profileOf(input) });
      await tx.insert(resellerTickets).values(tickets.map((ticket) => ({ resellerId: id, ...ticket })));
      return { id };
    });
  } catch (err) {
    return emailTaken(err);
  }
}

/**
 * Changes a reseller's details, email and the events and tickets it sells: the ticket rows are
 * replaced as a whole. Removing a ticket category that has an allocation is allowed: the
 * allocation stays (its seats and places remain held for the reseller until returned or until
 * its return time); the reseller merely cannot sell that category any more
 * (RESELLER_TICKET_NOT_ASSIGNED at the sale) until it is added again.
 */
export async function updateReseller(db: Db, organiserId: string, input: z.output<typeof ZResellerUpdate>): Promise<{ id: string }> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, input.id), isResellerOf(organiserId)))
        .for("update");
      if (!current) throw new AppError("NOT_FOUND");
      const before = await tx.selectDistinct({ eventId: resellerTickets.eventId }).from(resellerTickets).where(eq(resellerTickets.resellerId, input.id));
      const tickets = await assignmentRows(tx, organiserId, input.events, new Set(before.map((b) => b.eventId)));
      await tx
        .update(users)
        .set({ firstName: input.name, email: input.email })
        .where(and(eq(users.id, input.id), isResellerOf(organiserId)));
      await tx
        .update(resellerProfiles)
        .set(profileOf(input))
        .where(and(eq(resellerProfiles.userId, input.id), eq(resellerProfiles.organiserId, organiserId)));
      await tx.delete(resellerTickets).where(eq(resellerTickets.resellerId, input.id));
      await tx.insert(resellerTickets).values(tickets.map((ticket) => ({ resellerId: input.id, ...ticket })));
      return { id: input.id };
    });
  } catch (err) {
    return emailTaken(err);
  }
}

/** Sets the password the owner typed; every session of the reseller ends (the caller closes its sockets). */
export async function resetResellerPassword(db: Db, organiserId: string, input: { id: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, input.id), isResellerOf(organiserId)))
      .returning({ id: users.id });
    if (!row) throw new AppError("NOT_FOUND");
    await invalidateUserSessions(tx, row.id);
  });
}

/** Activates or deactivates a reseller (SPEC §4); deactivating signs it out at once. */
export function setResellerActive(db: Db, organiserId: string, input: { id: string; active: boolean }): Promise<{ endedSessions: boolean }> {
  return setSubAccountActive(db, organiserId, "reseller", input);
}
