/**
 * Issue 15, login details and disable account: a password change asks for the current one and
 * ends every other session; an email change is confirmed by a link to the new address; a
 * disabled organiser account stops sales and logins of everybody of it until an admin enables it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, organisers, sessions, users } from "../../server/db/schema";
import { publishDueEvents } from "../../server/modules/events/lifecycle";
import { verifyPassword } from "../../server/lib/password";
import { createTestApp, type TestApp } from "./helpers/app";
import { signIn, signedInOrganiser } from "./helpers/events";
import { createUser, TEST_PASSWORD } from "./helpers/factories";
import { readOutbox, tokenFromLastMail } from "./helpers/outbox";
import { cartOf, createShopEvent, holdVia } from "./helpers/shop";
import { attempt, failure } from "./helpers/trpc";

const NEW_PASSWORD = "Another-pass2!";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function userRow(id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function sessionCount(userId: string) {
  return (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
}

describe("login details: password", () => {
  it("changes the password with the current one and ends every other session, keeping this one", async () => {
    const { user, client } = await signedInOrganiser(t, { publishable: false });
    const other = await signIn(t, user.id);
    expect(await sessionCount(user.id)).toBe(2);
    const res = await client.trpc.account.access.changePassword.mutate({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.endedSessions).toBe(1);
    expect(await verifyPassword((await userRow(user.id)).passwordHash, NEW_PASSWORD)).toBe(true);
    expect(await sessionCount(user.id)).toBe(1);
    // The other browser is signed out; this one still works.
    expect((await failure(other.trpc.account.access.loginDetails.query())).appCode).toBe("UNAUTHENTICATED");
    expect((await client.trpc.account.access.loginDetails.query()).email).toBe(user.email);
    // The new password signs in, the old one no longer does.
    expect((await attempt(t.client().trpc.auth.login.mutate({ email: user.email!, password: NEW_PASSWORD }))).error).toBeUndefined();
    expect((await failure(t.client().trpc.auth.login.mutate({ email: user.email!, password: TEST_PASSWORD }))).appCode).toBe("INVALID_CREDENTIALS");
  });

  it("refuses a wrong current password and a mismatched confirmation, changing nothing", async () => {
    const { user, client } = await signedInOrganiser(t, { publishable: false });
    await signIn(t, user.id);
    const before = await userRow(user.id);
    const wrong = await failure(client.trpc.account.access.changePassword.mutate({ currentPassword: "Wrong-pass1!", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect(wrong.appCode).toBe("WRONG_PASSWORD");
    expect(wrong.fieldErrors).toEqual({ currentPassword: ["WRONG_PASSWORD"] });
    const mismatch = await failure(client.trpc.account.access.changePassword.mutate({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: "Other-pass3!" }));
    expect(mismatch.fieldErrors).toEqual({ confirmPassword: ["v.passwordsMismatch"] });
    const weak = await failure(client.trpc.account.access.changePassword.mutate({ currentPassword: TEST_PASSWORD, newPassword: "weak", confirmPassword: "weak" }));
    expect(weak.appCode).toBe("VALIDATION");
    expect((await userRow(user.id)).passwordHash).toBe(before.passwordHash);
    expect(await sessionCount(user.id)).toBe(2);
  });

  it("counts checks of the current password: the eleventh in an hour is refused", async () => {
    const { client } = await signedInOrganiser(t, { publishable: false });
    for (let i = 0; i < 10; i++) {
      expect((await failure(client.trpc.account.access.changePassword.mutate({ currentPassword: `Wrong-pass${i}!`, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }))).appCode).toBe("WRONG_PASSWORD");
    }
    const refused = await failure(client.trpc.account.access.changePassword.mutate({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }));
    expect(refused.appCode).toBe("TOO_MANY_REQUESTS");
  });
});

describe("login details: email", () => {
  it("keeps the old address until the link mailed to the new one is confirmed, then signs in with the new one", async () => {
    const { user, client } = await signedInOrganiser(t, { publishable: false });
    const newEmail = `moved-${user.id.slice(0, 8)}@example.com`;
    await client.trpc.account.access.requestEmailChange.mutate({ newEmail: newEmail.toUpperCase(), currentPassword: TEST_PASSWORD });
    expect(await client.trpc.account.access.loginDetails.query()).toMatchObject({ email: user.email, pendingEmail: newEmail });
    // The old address is told; the new one gets the link.
    expect((await readOutbox(t.database.db, user.email!)).map((m) => m.template)).toContain("email_change_notice");
    const { token } = await tokenFromLastMail(t.database.db, newEmail, "/auth/confirm-email/");
    // Until confirmed the old address still signs in.
    expect((await attempt(t.client().trpc.auth.login.mutate({ email: user.email!, password: TEST_PASSWORD }))).error).toBeUndefined();
    await t.client().trpc.account.access.confirmEmailChange.mutate({ token });
    const after = await userRow(user.id);
    expect(after.email).toBe(newEmail);
    expect(after.pendingEmail).toBeNull();
    expect(await sessionCount(user.id)).toBe(0);
    expect((await attempt(t.client().trpc.auth.login.mutate({ email: newEmail, password: TEST_PASSWORD }))).error).toBeUndefined();
    expect((await failure(t.client().trpc.auth.login.mutate({ email: user.email!, password: TEST_PASSWORD }))).appCode).toBe("INVALID_CREDENTIALS");
    // The link works once.
    expect((await failure(t.client().trpc.account.access.confirmEmailChange.mutate({ token }))).appCode).toBe("INVALID_TOKEN");
  });

  it("refuses an address in use and a wrong password, saving nothing and mailing nobody", async () => {
    const { user, client } = await signedInOrganiser(t, { publishable: false });
    const other = await createUser(t.database.db, { role: "organiser" });
    const mailsBefore = (await readOutbox(t.database.db)).length;
    const taken = await failure(client.trpc.account.access.requestEmailChange.mutate({ newEmail: other.email!, currentPassword: TEST_PASSWORD }));
    expect(taken.appCode).toBe("EMAIL_TAKEN");
    expect(taken.fieldErrors).toEqual({ newEmail: ["EMAIL_TAKEN"] });
    const wrong = await failure(client.trpc.account.access.requestEmailChange.mutate({ newEmail: "free-address@example.com", currentPassword: "Wrong-pass1!" }));
    expect(wrong.appCode).toBe("WRONG_PASSWORD");
    const malformed = await failure(client.trpc.account.access.requestEmailChange.mutate({ newEmail: "no-at-sign", currentPassword: TEST_PASSWORD }));
    expect(malformed.fieldErrors).toEqual({ newEmail: ["v.email"] });
    expect((await userRow(user.id)).pendingEmail).toBeNull();
    expect((await readOutbox(t.database.db)).length).toBe(mailsBefore);
  });

  it("a cancelled change's link no longer works; an address taken meanwhile is refused at confirmation", async () => {
    const { user, client } = await signedInOrganiser(t, { publishable: false });
    const wanted = `wanted-${user.id.slice(0, 8)}@example.com`;
    await client.trpc.account.access.requestEmailChange.mutate({ newEmail: wanted, currentPassword: TEST_PASSWORD });
    const first = await tokenFromLastMail(t.database.db, wanted, "/auth/confirm-email/");
    await client.trpc.account.access.cancelEmailChange.mutate();
    expect((await failure(t.client().trpc.account.access.confirmEmailChange.mutate({ token: first.token }))).appCode).toBe("INVALID_TOKEN");
    expect((await userRow(user.id)).email).toBe(user.email);

    await client.trpc.account.access.requestEmailChange.mutate({ newEmail: wanted, currentPassword: TEST_PASSWORD });
    const second = await tokenFromLastMail(t.database.db, wanted, "/auth/confirm-email/");
    await createUser(t.database.db, { role: "organiser", email: wanted });
    expect((await failure(t.client().trpc.account.access.confirmEmailChange.mutate({ token: second.token }))).appCode).toBe("EMAIL_TAKEN");
    expect((await userRow(user.id)).email).toBe(user.email);
  });
});

describe("disable account", () => {
  it("needs the owner's password; a wrong one changes nothing", async () => {
    const { organiser, client } = await signedInOrganiser(t, { publishable: false });
    const wrong = await failure(client.trpc.account.access.disableAccount.mutate({ currentPassword: "Wrong-pass1!" }));
    expect(wrong.appCode).toBe("WRONG_PASSWORD");
    const [row] = await t.database.db.select().from(organisers).where(eq(organisers.id, organiser.id));
    expect(row!.disabledAt).toBeNull();
    expect((await client.trpc.account.access.loginDetails.query()).email).toBeTruthy();
  });

  it("a team member cannot disable the account, whatever its rights", async () => {
    const { organiser } = await signedInOrganiser(t, { publishable: false });
    const member = await createUser(t.database.db, { role: "team_member", organiserId: organiser.id, permissions: { orgProfileAccess: true } });
    const client = await signIn(t, member.id);
    expect((await failure(client.trpc.account.access.disableAccount.mutate({ currentPassword: TEST_PASSWORD }))).appCode).toBe("FORBIDDEN");
  });

  it("ends every session of the account, stops its sales and logins, until an admin enables it again", async () => {
    const shop = await createShopEvent(t);
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, (await shop.organiser.trpc.account.access.loginDetails.query()).email!));
    const organiserId = owner!.organiserId!;
    const member = await createUser(t.database.db, { role: "team_member", organiserId, permissions: { viewOrders: true } });
    const reseller = await createUser(t.database.db, { role: "reseller", organiserId });
    const agent = await createUser(t.database.db, { role: "agent", organiserId });
    const memberClient = await signIn(t, member.id);
    await signIn(t, reseller.id);
    await signIn(t, agent.id);
    // A buyer holds seats before the account is disabled.
    const buyer = t.client();
    const tc = shop.category("a").id;
    const cart = cartOf(await holdVia(buyer, { scopeId: shop.dateIds[0]!, seats: [{ key: "A:0:0", ticketCategoryId: tc }] }).then((r) => r.data));

    await shop.organiser.trpc.account.access.disableAccount.mutate({ currentPassword: TEST_PASSWORD });

    for (const id of [owner!.id, member.id, reseller.id, agent.id]) expect(await sessionCount(id)).toBe(0);
    expect((await failure(memberClient.trpc.account.access.loginDetails.query())).appCode).toBe("UNAUTHENTICATED");
    expect((await failure(t.client().trpc.auth.login.mutate({ email: owner!.email!, password: TEST_PASSWORD }))).appCode).toBe("ACCOUNT_DISABLED");
    expect((await failure(t.client().trpc.auth.login.mutate({ email: member.email!, password: TEST_PASSWORD }))).appCode).toBe("ACCOUNT_DISABLED");
    expect((await failure(t.client().trpc.auth.agentLogin.mutate({ username: agent.username!, password: TEST_PASSWORD }))).appCode).toBe("ACCOUNT_DISABLED");
    // Nothing sells: no new hold, and the held cart does not become an order.
    const held = await holdVia(t.client(), { scopeId: shop.dateIds[0]!, seats: [{ key: "A:0:1", ticketCategoryId: tc }] });
    expect(held.error?.appCode).toBe("EVENT_NOT_ON_SALE");
    const checkout = await failure(
      buyer.trpc.orders.checkout.mutate({
        cart,
        idempotencyKey: "disabled-account-checkout",
        buyer: { firstName: "Bea", lastName: "Buyer", email: "bea@example.com" },
        tickets: [{ ticketCategoryId: tc, seatKeys: ["A:0:0"] }],
        acceptTerms: true,
        locale: "en",
      }),
    );
    expect(checkout.appCode).toBe("EVENT_NOT_ON_SALE");
    const page = await t.client().trpc.shop.scope.query({ scopeId: shop.dateIds[0]! });
    expect(page.onSale).toBe(false);

    // An admin enables it again: logins and sales come back.
    const admin = await signIn(t, (await createUser(t.database.db, { role: "admin" })).id);
    const listed = (await admin.trpc.admin.organisers.list.query({ state: "disabled", pageSize: 100 })).rows.find((o) => o.id === organiserId);
    expect(listed?.disabledAt).toBeInstanceOf(Date);
    await admin.trpc.admin.setOrganiserEnabled.mutate({ organiserId, enabled: true });
    expect((await attempt(t.client().trpc.auth.login.mutate({ email: owner!.email!, password: TEST_PASSWORD }))).error).toBeUndefined();
    await new Promise((r) => setTimeout(r, 1100)); // the shop's scope cache lives a second
    const again = await holdVia(t.client(), { scopeId: shop.dateIds[0]!, seats: [{ key: "A:0:1", ticketCategoryId: tc }] });
    expect(again.error).toBeUndefined();
  });

  it("a disabled account's scheduled event is not published when its date comes", async () => {
    const shop = await createShopEvent(t, { publish: false });
    await shop.organiser.trpc.events.publish.mutate({ id: shop.eventId, publishOption: "later", publicationDate: new Date(Date.now() + 60_000) });
    await shop.organiser.trpc.account.access.disableAccount.mutate({ currentPassword: TEST_PASSWORD });
    expect(await publishDueEvents(t.database.db, new Date(Date.now() + 120_000))).not.toContain(shop.eventId);
    const [event] = await t.database.db.select({ status: events.status }).from(events).where(eq(events.id, shop.eventId));
    expect(event!.status).toBe("scheduled");
  });

  it("only an admin enables an account", async () => {
    const { organiser, client } = await signedInOrganiser(t, { publishable: false });
    expect((await failure(client.trpc.admin.setOrganiserEnabled.mutate({ organiserId: organiser.id, enabled: true }))).appCode).toBe("FORBIDDEN");
  });
});
