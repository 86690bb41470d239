import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organisers, users } from "../../server/db/schema";
import { createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { makeDocx, makeJpeg, makePdf } from "./helpers/document-files";
import { downloadDocumentVia, type StoredDocument, uploadDocumentVia, verificationOf } from "./helpers/documents";
import { createEventVia, daysFromNow, saveTicketsVia, signedInOrganiser, signIn, ticketCategory } from "./helpers/events";
import { createUser, setContingent } from "./helpers/factories";
import { readOutbox } from "./helpers/outbox";
import { attempt, failure } from "./helpers/trpc";

let t: TestApp;
let uploadDir: string;
let admin: TestClient;
let secondAdmin: TestClient;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), "verification-test-"));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  admin = await signIn(t, (await createUser(t.database.db, { role: "admin" })).id);
  secondAdmin = await signIn(t, (await createUser(t.database.db, { role: "admin" })).id);
});
afterAll(async () => {
  await t.close();
  await rm(uploadDir, { recursive: true, force: true });
});

/** A new organiser whose owner (German-speaking unless told) uploaded `files`: in review. */
async function organiserInReview(files: Buffer[] = [makePdf()], locale: "de" | "en" = "de") {
  const o = await signedInOrganiser(t, { publishable: false });
  await t.database.db.update(users).set({ locale }).where(eq(users.id, o.user.id));
  const documents: StoredDocument[] = [];
  for (const file of files) {
    const res = await uploadDocumentVia(o.client, file);
    expect(res.statusCode, res.body).toBe(201);
    documents.push(res.json<StoredDocument>());
  }
  return { ...o, documents };
}

describe("the admin's verification list", () => {
  it("lists organisers in review with owner, submission date and documents, which the admin opens", async () => {
    const waiting = await organiserInReview([makePdf(), makeJpeg()]);
    const notYet = await signedInOrganiser(t, { publishable: false });
    const list = await admin.trpc.admin.verification.inReview.query();
    const entry = list.find((e) => e.id === waiting.organiser.id);
    expect(entry).toMatchObject({
      name: waiting.organiser.name,
      ownerEmail: waiting.user.email,
      previousRejection: null,
      submittedAt: waiting.documents[0]!.createdAt ? expect.any(Date) : null,
    });
    expect(entry!.documents.map((d) => d.id)).toEqual(waiting.documents.map((d) => d.id));
    expect(list.some((e) => e.id === notYet.organiser.id)).toBe(false);
    for (const doc of entry!.documents) {
      const res = await downloadDocumentVia(admin, doc.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toMatch(/^attachment;/);
    }
  });

  it("only admins may list and decide", async () => {
    const waiting = await organiserInReview();
    expect((await failure(waiting.client.trpc.admin.verification.inReview.query())).appCode).toBe("FORBIDDEN");
    const own = await failure(waiting.client.trpc.admin.verification.decide.mutate({ organiserId: waiting.organiser.id, decision: "verify" }));
    expect(own.appCode).toBe("FORBIDDEN");
    expect((await verificationOf(t.database.db, waiting.organiser.id)).state).toBe("in_review");
    expect((await failure(t.client().trpc.admin.verification.inReview.query())).appCode).toBe("UNAUTHENTICATED");
  });
});

describe("deciding", () => {
  it("verify: the profile is verified, the owner mailed in German, and publishing (with a plan) opens", async () => {
    const waiting = await organiserInReview();
    // A plan is running: only the verification keeps events drafts.
    await t.database.db
      .update(organisers)
      .set({ plan: "yearly", planSince: daysFromNow(-1), planUntil: daysFromNow(365) })
      .where(eq(organisers.id, waiting.organiser.id));
    await setContingent(t.database.db, waiting.organiser.id, 1000);
    const eventId = await createEventVia(waiting.client);
    await saveTicketsVia(waiting.client, eventId, [ticketCategory("a", { dailyQuantity: 100 })]);
    const refused = await attempt(waiting.client.trpc.events.publish.mutate({ id: eventId, publishOption: "now" }));
    expect(refused.error?.appCode).toBe("PROFILE_NOT_VERIFIED");

    const result = await admin.trpc.admin.verification.decide.mutate({ organiserId: waiting.organiser.id, decision: "verify" });
    expect(result).toEqual({ organiserId: waiting.organiser.id, verificationState: "verified" });
    const row = await verificationOf(t.database.db, waiting.organiser.id);
    expect(row).toMatchObject({ state: "verified", note: null, reviewedAt: expect.any(Date) });
    const mails = await readOutbox(t.database.db, waiting.user.email!);
    expect(mails.map((m) => m.template)).toEqual(["verification_verified"]);
    expect(mails[0]!.subject).toBe("Ihr Profil ist verifiziert");
    expect(mails[0]!.text).toContain(`${t.config.PUBLIC_BASE_URL}/dashboard/profile/documents`);

    expect((await waiting.client.trpc.account.documents.overview.query()).verificationState).toBe("verified");
    expect((await waiting.client.trpc.account.overview.query()).verificationState).toBe("verified");
    const published = await waiting.client.trpc.events.publish.mutate({ id: eventId, publishOption: "now" });
    expect(published.status).toBe("published");
    expect((await admin.trpc.admin.verification.inReview.query()).some((e) => e.id === waiting.organiser.id)).toBe(false);
  });

  it("reject: the reason reaches the owner by mail (English) and on the documents tab; a new upload goes back into review", async () => {
    const waiting = await organiserInReview([makePdf()], "en");
    const reason = "The trade licence is cut off at the bottom.";
    await admin.trpc.admin.verification.decide.mutate({ organiserId: waiting.organiser.id, decision: "reject", reason });
    expect(await verificationOf(t.database.db, waiting.organiser.id)).toMatchObject({ state: "rejected", note: reason });
    const [mail] = await readOutbox(t.database.db, waiting.user.email!);
    expect(mail).toMatchObject({ template: "verification_rejected", subject: "Your profile could not be verified" });
    expect(mail!.text).toContain(reason);
    expect(mail!.html).toContain("The trade licence is cut off at the bottom.");
    expect(await waiting.client.trpc.account.documents.overview.query()).toMatchObject({ verificationState: "rejected", rejectionReason: reason });
    expect(await waiting.client.trpc.account.overview.query()).toMatchObject({ verificationState: "rejected" });

    // A second decision on a rejected profile is NOT_IN_REVIEW.
    const again = await failure(admin.trpc.admin.verification.decide.mutate({ organiserId: waiting.organiser.id, decision: "verify" }));
    expect(again.appCode).toBe("NOT_IN_REVIEW");
    expect((await verificationOf(t.database.db, waiting.organiser.id)).state).toBe("rejected");

    const res = await uploadDocumentVia(waiting.client, makeDocx());
    expect(res.statusCode).toBe(201);
    const newDoc = res.json<StoredDocument>();
    expect((await verificationOf(t.database.db, waiting.organiser.id)).state).toBe("in_review");
    const entry = (await admin.trpc.admin.verification.inReview.query()).find((e) => e.id === waiting.organiser.id)!;
    expect(entry.previousRejection).toBe(reason);
    expect(entry.documents.map((d) => [d.id, d.isNew])).toEqual([
      [waiting.documents[0]!.id, false],
      [newDoc.id, true],
    ]);
    expect(entry.submittedAt!.getTime()).toBe(new Date(newDoc.createdAt).getTime());
    await admin.trpc.admin.verification.decide.mutate({ organiserId: waiting.organiser.id, decision: "verify" });
    expect((await readOutbox(t.database.db, waiting.user.email!)).map((m) => m.template)).toEqual(["verification_rejected", "verification_verified"]);
  });

  it("a rejection needs a reason; an unknown organiser is NOT_FOUND; a profile without review NOT_IN_REVIEW; nothing changes", async () => {
    const waiting = await organiserInReview();
    const blank = await failure(admin.trpc.admin.verification.decide.mutate({ organiserId: waiting.organiser.id, decision: "reject", reason: "   " }));
    expect(blank.appCode).toBe("VALIDATION");
    expect(blank.fieldErrors?.reason).toBeDefined();
    const unknown = await failure(admin.trpc.admin.verification.decide.mutate({ organiserId: "00000000-0000-4000-8000-000000000000", decision: "verify" }));
    expect(unknown.appCode).toBe("NOT_FOUND");
    const fresh = await signedInOrganiser(t, { publishable: false });
    const none = await failure(admin.trpc.admin.verification.decide.mutate({ organiserId: fresh.organiser.id, decision: "verify" }));
    expect(none.appCode).toBe("NOT_IN_REVIEW");
    expect((await verificationOf(t.database.db, fresh.organiser.id)).state).toBe("none");
    expect((await verificationOf(t.database.db, waiting.organiser.id)).state).toBe("in_review");
    expect(await readOutbox(t.database.db, waiting.user.email!)).toEqual([]);
    expect(await readOutbox(t.database.db, fresh.user.email!)).toEqual([]);
  });

  it("documents withdrawn meanwhile: the admin's decision is NOT_IN_REVIEW", async () => {
    const waiting = await organiserInReview();
    await waiting.client.trpc.account.documents.delete.mutate({ id: waiting.documents[0]!.id });
    const res = await failure(admin.trpc.admin.verification.decide.mutate({ organiserId: waiting.organiser.id, decision: "verify" }));
    expect(res.appCode).toBe("NOT_IN_REVIEW");
    expect((await verificationOf(t.database.db, waiting.organiser.id)).state).toBe("none");
  });
});

describe("two admins decide at once", () => {
  it("exactly one decision wins, the others are NOT_IN_REVIEW, one mail is sent", async () => {
    for (let round = 0; round < 5; round++) {
      const waiting = await organiserInReview();
      const deciders = [admin, secondAdmin, admin, secondAdmin];
      const results = await Promise.all(
        deciders.map((client, i) =>
          attempt(
            client.trpc.admin.verification.decide.mutate(
              i % 2 === 0
                ? { organiserId: waiting.organiser.id, decision: "verify" }
                : { organiserId: waiting.organiser.id, decision: "reject", reason: `Admin ${i} says no` },
            ),
          ),
        ),
      );
      const winners = results.filter((r) => !r.error);
      expect(winners).toHaveLength(1);
      expect(results.filter((r) => r.error?.appCode === "NOT_IN_REVIEW")).toHaveLength(deciders.length - 1);
      const state = (await verificationOf(t.database.db, waiting.organiser.id)).state;
      expect(state).toBe(winners[0]!.data!.verificationState);
      const mails = await readOutbox(t.database.db, waiting.user.email!);
      expect(mails.map((m) => m.template)).toEqual([state === "verified" ? "verification_verified" : "verification_rejected"]);
    }
  });

  // The control: the same race with a read-then-write decision (no condition in the UPDATE)
  // lets every admin "win" on Postgres, which the assertions above would catch. It shows the
  // decisions really overlap here; on PGlite (one connection) they cannot, so it runs on Postgres only.
  it.runIf(process.env.TEST_DATABASE_URL)("control: an unconditional update after a read lets both admins win", async () => {
    const waiting = await organiserInReview();
    let arrived = 0;
    let release!: () => void;
    const bothRead = new Promise<void>((resolve) => (release = resolve));
    const naiveDecide = (state: "verified" | "rejected") =>
      t.database.db.transaction(async (tx) => {
        const [row] = await tx.select({ state: organisers.verificationState }).from(organisers).where(eq(organisers.id, waiting.organiser.id));
        if (++arrived === 2) release();
        await bothRead;
        if (row!.state !== "in_review") return false;
        await tx.update(organisers).set({ verificationState: state }).where(eq(organisers.id, waiting.organiser.id));
        return true;
      });
    const wins = await Promise.all([naiveDecide("verified"), naiveDecide("rejected")]);
    expect(wins).toEqual([true, true]);
    // ... while the real conditional update refuses the second one even after both read "in_review".
    await t.database.db.execute(sql`update organisers set verification_state = 'in_review' where id = ${waiting.organiser.id}`);
    const outcomes = await Promise.all([
      attempt(admin.trpc.admin.verification.decide.mutate({ organiserId: waiting.organiser.id, decision: "verify" })),
      attempt(secondAdmin.trpc.admin.verification.decide.mutate({ organiserId: waiting.organiser.id, decision: "verify" })),
    ]);
    expect(outcomes.filter((o) => !o.error)).toHaveLength(1);
  });
});
