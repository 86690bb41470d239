import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { organisers, planPurchases, users } from "../db/schema";
import { grantPlan } from "../modules/account/plan-settle";
import { issuePlanInvoice } from "../modules/account/invoices";
import { contingentFor, periodPriceCents, planByKey } from "../../shared/plans";
import { hashPassword } from "../lib/password";
import { emptyPermissionSet } from "../../shared/permissions";
import { DEMO_MATCH, seedDemoEvents } from "./events";
import { seedDemoVouchers } from "./vouchers";

/** Demo accounts named in the README. All share one password. */
export const DEMO_PASSWORD = "Demo1234!";
export const DEMO_ACCOUNTS = {
  admin: "admin@example.com",
  organiser: "organiser@example.com",
  unverifiedOrganiser: "neu@example.com",
  teamMember: "team@example.com",
  reseller: "reseller@example.com",
  agent: "einlass",
} as const;

/**
 * Seeds the demo data into an empty database, once: returns false when the admin account
 * already exists. Runs in one transaction, so a crash leaves nothing half-seeded.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.admin)).limit(1);
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();

  await db.transaction(async (tx) => {
    const [verified] = await tx
      .insert(organisers)
      .values({
        name: "Stadtbühne Musterstadt",
        description: "Theater, Konzerte und Lesungen im Herzen der Stadt.",
        city: "Musterstadt",
        country: "DE",
        website: "https://example.com",
        verificationState: "verified",
      })
      .returning({ id: organisers.id });
    // Its plan as if bought and paid: purchase, paid invoice, contingent through the ledger (decision 014).
    const enterprise = planByKey("enterprise")!;
    const [purchase] = await tx
      .insert(planPurchases)
      .values({
        organiserId: verified!.id,
        planKey: enterprise.key,
        period: "yearly",
        tickets: contingentFor(enterprise, "yearly"),
        amountCents: periodPriceCents(enterprise, "yearly"),
        provider: "test",
        idempotencyKey: "demo-seed",
      })
      .returning();
    await issuePlanInvoice(tx, purchase!);
    await grantPlan(tx, { id: purchase!.id, organiser_id: verified!.id, period: "yearly", tickets: purchase!.tickets }, now);
    const [unverified] = await tx
      .insert(organisers)
      .values({ name: "Neuer Veranstalter GmbH", city: "Berlin", country: "DE" })
      .returning({ id: organisers.id });

    const active = { passwordHash, status: "active" as const, activatedAt: now };
    await tx.insert(users).values([
      { ...active, email: DEMO_ACCOUNTS.admin, role: "admin", firstName: "Ada", lastName: "Admin", locale: "de" },
      {
        ...active,
        email: DEMO_ACCOUNTS.organiser,
        role: "organiser",
        firstName: "Olga",
        lastName: "Organisator",
        organiserId: verified!.id,
        // Has taken the dashboard's guided tour; neu@example.com is offered it on first login.
        tutorialSeenAt: now,
      },
      {
        ...active,
        email: DEMO_ACCOUNTS.unverifiedOrganiser,
        role: "organiser",
        firstName: "Nils",
        lastName: "Neuling",
        organiserId: unverified!.id,
      },
      {
        ...active,
        email: DEMO_ACCOUNTS.teamMember,
        role: "team_member",
        firstName: "Tim",
        lastName: "Team",
        organiserId: verified!.id,
        permissions: { ...emptyPermissionSet(), viewMainDashboard: true, viewOrders: true, seatingPlansView: true },
        tutorialSeenAt: now,
      },
      {
        ...active,
        email: DEMO_ACCOUNTS.reseller,
        role: "reseller",
        // A reseller's name is its first name (decision 022).
        firstName: "Rita Reseller",
        lastName: "",
        organiserId: verified!.id,
      },
      {
        ...active,
        username: DEMO_ACCOUNTS.agent,
        role: "agent",
        firstName: "Einlass Team",
        organiserId: verified!.id,
      },
    ]);
    // Services open their own transactions; inside this one they become savepoints.
    await seedDemoEvents(tx as unknown as Db, verified!.id);
    // A voucher to try at the demo match's checkout (DEMO10, 10 %).
    await seedDemoVouchers(tx, verified!.id, now);
    // The demo door staff check in at the demo match.
    await tx.execute(
      sql`update users set event_id = (select id from events where organiser_id = ${verified!.id} and name = ${DEMO_MATCH} limit 1)
          where username = ${DEMO_ACCOUNTS.agent}`,
    );
  });
  return true;
}
