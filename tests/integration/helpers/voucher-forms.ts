import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { vouchers } from "../../../server/db/schema";
import type { TestApp, TestClient } from "./app";
import { categoriesOf, createEventVia, daysFromNow, saveTicketsVia, signedInOrganiser, ticketCategory, validEventStep1 } from "./events";
import { createSeatedEvent, createTemplateVia, smallLayout } from "./stadiums";
import type { RouterInput } from "./trpc";

export type VoucherRow = typeof vouchers.$inferSelect;
export type CreateVoucher = RouterInput["vouchers"]["create"];

/** A valid voucher for `eventId` (10 % off its `categoryIds`, valid from yesterday for 10 days, unlimited). */
export function voucherInput(eventId: string, categoryIds: string[], overrides: Partial<CreateVoucher> = {}): CreateVoucher {
  return {
    code: `V${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
    kind: "percent",
    value: 1000,
    minOrderCents: 0,
    maxOrderCents: 100_000,
    maxUses: null,
    eventId,
    ticketCategoryIds: categoryIds,
    blockIds: [],
    seatKeys: [],
    validFrom: daysFromNow(-1),
    validUntil: daysFromNow(9),
    description: "",
    status: "active",
    ...overrides,
  };
}

/** Every voucher row of an organiser (oldest first, then by code), to assert what a call saved or not. */
export async function vouchersOf(db: Db, organiserId: string): Promise<VoucherRow[]> {
  return db.select().from(vouchers).where(eq(vouchers.organiserId, organiserId)).orderBy(asc(vouchers.createdAt), asc(vouchers.code));
}

export async function voucherRow(db: Db, id: string): Promise<VoucherRow | undefined> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.id, id));
  return row;
}

export async function countAllVouchers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(vouchers);
  return Number(row?.n ?? 0);
}

/** Sets a voucher's counts directly (the checkout's uses are not what these tests are about). */
export async function setUses(db: Db, id: string, usedCount: number, reservedCount: number): Promise<void> {
  await db.update(vouchers).set({ usedCount, reservedCount }).where(eq(vouchers.id, id));
}

/**
 * A signed-in organiser with a free-seating draft event (categories "a", "b") and a seated
 * draft event on smallLayout() (blocks A, B seated, S standing; category "a" on seating "a").
 */
export async function voucherOrganiser(t: TestApp) {
  const signed = await signedInOrganiser(t);
  const client: TestClient = signed.client;
  const freeId = await createEventVia(client, validEventStep1({ name: "Free Concert" }));
  await saveTicketsVia(client, freeId, [ticketCategory("a", { name: "Stalls" }), ticketCategory("b", { name: "Balcony", priceCents: 2500 })]);
  const templateId = await createTemplateVia(client, smallLayout());
  const { eventId: seatedId } = await createSeatedEvent(client, t.database.db, templateId);
  await saveTicketsVia(client, seatedId, [ticketCategory("a", { name: "Seat a", seatingCategoryId: "a" })]);
  const freeCategories = (await categoriesOf(t.database.db, freeId)).map((c) => c.id);
  const seatedCategories = (await categoriesOf(t.database.db, seatedId)).map((c) => c.id);
  return { ...signed, client, organiserId: signed.organiser.id, freeId, freeCategories, seatedId, seatedCategories };
}
