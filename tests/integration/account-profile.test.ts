import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organisers, uploads, users } from "../../server/db/schema";
import { emptyPermissionSet } from "../../shared/permissions";
import type { TOrganiserProfile } from "../../shared/schemas/account";
import { V } from "../../shared/schemas/messages";
import { createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { makePng, multipartFile, signedInOrganiser, signedInTeamMember, type UploadResult } from "./helpers/events";
import { failure } from "./helpers/trpc";

let t: TestApp;
let uploadDir: string;
let owner: TestClient;
let organiserId: string;
let ownerUserId: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), "account-profile-"));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
  const o = await signedInOrganiser(t);
  owner = o.client;
  organiserId = o.organiser.id;
  ownerUserId = o.user.id;
});
afterAll(async () => {
  await t.close();
  await rm(uploadDir, { recursive: true, force: true });
});

function uploadLogo(client: TestClient, data: Buffer, url = "/api/uploads/organiser-logo") {
  const body = multipartFile(data);
  return client.request({ method: "POST", url, headers: body.headers, payload: body.payload });
}

async function newLogo(client: TestClient = owner): Promise<string> {
  const res = await uploadLogo(client, makePng(64, 32));
  expect(res.statusCode).toBe(201);
  return res.json<UploadResult>().id;
}

function fullProfile(overrides: Partial<TOrganiserProfile> = {}): TOrganiserProfile {
  return {
    firstName: "Greta",
    lastName: "Gastgeber",
    organizerName: "Konzerthaus Nord",
    phone: "+49 40 1234567",
    vatId: "de 136695976",
    taxNumber: "22/815/08154",
    country: "DE",
    address: "Hafenstraße 1",
    city: "Hamburg",
    zipCode: "20457",
    description: "Konzerte am Hafen.",
    website: "https://konzerthaus-nord.example.com",
    facebookUrl: "https://www.facebook.com/konzerthausnord",
    instagramUrl: "https://instagram.com/konzerthausnord",
    youtubeUrl: "https://youtu.be/abc",
    logoUploadId: null,
    ...overrides,
  };
}

const organiserRow = async (id = organiserId) => (await t.database.db.select().from(organisers).where(eq(organisers.id, id)))[0]!;
const ownerRow = async () => (await t.database.db.select().from(users).where(eq(users.id, ownerUserId)))[0]!;

describe("profile tab", () => {
  it("saves every field and the owner's names; empty strings are stored as null", async () => {
    const logo = await newLogo();
    await owner.trpc.account.profile.save.mutate(fullProfile({ logoUploadId: logo }));
    expect(await owner.trpc.account.profile.get.query()).toEqual({
      ...fullProfile({ logoUploadId: logo }),
      vatId: "DE136695976",
    });
    expect(await ownerRow()).toMatchObject({ firstName: "Greta", lastName: "Gastgeber" });
    expect(await organiserRow()).toMatchObject({ name: "Konzerthaus Nord", city: "Hamburg", logoUploadId: logo, vatId: "DE136695976" });

    await owner.trpc.account.profile.save.mutate(
      fullProfile({ phone: "", vatId: "", taxNumber: "", country: null, address: "", city: "", zipCode: "", description: "", website: "", facebookUrl: "", instagramUrl: "", youtubeUrl: "" }),
    );
    expect(await organiserRow()).toMatchObject({
      phone: null, vatId: null, taxNumber: null, country: null, address: null, city: null, zipCode: null,
      description: null, website: null, facebookUrl: null, instagramUrl: null, youtubeUrl: null, logoUploadId: null,
    });
    expect((await owner.trpc.account.profile.get.query()).phone).toBe("");
  });

  it.each([
    ["a malformed VAT ID", { vatId: "DE12345" }, "vatId", V.vatId],
    ["a website that is no web address", { website: "javascript:alert(1)" }, "website", V.url],
    ["a Facebook field with another network's address", { facebookUrl: "https://instagram.com/x" }, "facebookUrl", V.facebookUrl],
    ["a YouTube field with a look-alike host", { youtubeUrl: "https://youtube.com.evil.example/x" }, "youtubeUrl", V.youtubeUrl],
    ["a Facebook field that is no address", { facebookUrl: "facebook" }, "facebookUrl", V.url],
    ["a phone number with letters", { phone: "call me" }, "phone", V.phone],
    ["a too short organiser name", { organizerName: "ab" }, "organizerName", V.minLength3],
  ] as const)("refuses %s and saves nothing", async (_, change, field, code) => {
    await owner.trpc.account.profile.save.mutate(fullProfile());
    const [orgBefore, ownerBefore] = [await organiserRow(), await ownerRow()];
    const error = await failure(owner.trpc.account.profile.save.mutate(fullProfile({ city: "Bremen", firstName: "Changed", ...change })));
    expect(error.appCode).toBe("VALIDATION");
    expect(error.fieldErrors?.[field]).toEqual([code]);
    expect(await organiserRow()).toEqual(orgBefore);
    expect(await ownerRow()).toEqual(ownerBefore);
  });

  it("refuses another organiser's logo, and an own upload of another kind, saving nothing", async () => {
    await owner.trpc.account.profile.save.mutate(fullProfile());
    const other = await signedInOrganiser(t);
    const foreignLogo = await newLogo(other.client);
    const eventImage = (await uploadLogo(owner, makePng(20, 10), "/api/uploads/event-image")).json<UploadResult>().id;
    const before = await organiserRow();
    for (const logoUploadId of [foreignLogo, eventImage, "00000000-0000-4000-8000-000000000000"]) {
      const error = await failure(owner.trpc.account.profile.save.mutate(fullProfile({ city: "Bremen", logoUploadId })));
      expect(error.appCode).toBe("INVALID_UPLOAD");
      expect(error.fieldErrors).toEqual({ logoUploadId: ["INVALID_UPLOAD"] });
    }
    expect(await organiserRow()).toEqual(before);
  });

  it("takes JPEG/PNG logos only, checked by content, with the logo's kind", async () => {
    const before = (await t.database.db.select().from(uploads).where(eq(uploads.organiserId, organiserId))).length;
    const text = await uploadLogo(owner, Buffer.from("not an image at all, just text"));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ error: "INVALID_UPLOAD" });
    const huge = await uploadLogo(owner, makePng(5000, 20));
    expect(huge.json()).toMatchObject({ error: "IMAGE_TOO_LARGE" });
    expect((await t.database.db.select().from(uploads).where(eq(uploads.organiserId, organiserId))).length).toBe(before);
    const id = await newLogo();
    const [row] = await t.database.db.select().from(uploads).where(and(eq(uploads.id, id)));
    expect(row).toMatchObject({ kind: "organiser_logo", organiserId, mimeType: "image/png", width: 64, height: 32 });
  });
});

describe("rights", () => {
  it("a team member without organiser profile access can neither read, save nor upload a logo", async () => {
    const member = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), createEvent: true, walletAccess: true });
    expect((await failure(member.client.trpc.account.profile.get.query())).appCode).toBe("FORBIDDEN");
    const before = await organiserRow();
    expect((await failure(member.client.trpc.account.profile.save.mutate(fullProfile({ city: "Kiel" })))).appCode).toBe("FORBIDDEN");
    expect((await failure(member.client.trpc.account.notifications.save.mutate({ newOrder: false, dailySummary: true, soldOut: false, payoutState: false }))).appCode).toBe("FORBIDDEN");
    expect(await organiserRow()).toEqual(before);
    expect((await uploadLogo(member.client, makePng(64, 64))).statusCode).toBe(403);
  });

  it("a team member with organiser profile access saves the profile but not the payment details", async () => {
    const member = await signedInTeamMember(t, organiserId, { ...emptyPermissionSet(), orgProfileAccess: true });
    const logo = await newLogo(member.client);
    await member.client.trpc.account.profile.save.mutate(fullProfile({ city: "Lübeck", logoUploadId: logo }));
    expect(await organiserRow()).toMatchObject({ city: "Lübeck", logoUploadId: logo });
    // The names are the owner's, whoever saves them.
    expect(await ownerRow()).toMatchObject({ firstName: "Greta" });
    const before = await organiserRow();
    expect((await failure(member.client.trpc.account.payment.get.query())).appCode).toBe("FORBIDDEN");
    const error = await failure(member.client.trpc.account.payment.save.mutate({ bankName: "Evil Bank", accountNumber: "DE89370400440532013000", bic: "" }));
    expect(error.appCode).toBe("FORBIDDEN");
    expect(await organiserRow()).toEqual(before);
  });
});

describe("payment details tab", () => {
  it("saves bank name, IBAN (normalised) and BIC; all empty clears them", async () => {
    await owner.trpc.account.payment.save.mutate({ bankName: "Commerzbank", accountNumber: "de89 3704 0044 0532 0130 00", bic: "cobadeffxxx" });
    expect(await owner.trpc.account.payment.get.query()).toEqual({ bankName: "Commerzbank", accountNumber: "DE89370400440532013000", bic: "COBADEFFXXX" });
    await owner.trpc.account.payment.save.mutate({ bankName: "", accountNumber: "", bic: "" });
    expect(await organiserRow()).toMatchObject({ bankName: null, accountNumber: null, bic: null });
  });

  it.each([
    ["an IBAN with a wrong checksum", { accountNumber: "DE89370400440532013001" }, "accountNumber", V.iban],
    ["an IBAN of letters", { accountNumber: "hello world" }, "accountNumber", V.iban],
    ["a malformed BIC", { bic: "COBA" }, "bic", V.bic],
    ["an IBAN without a bank name", { bankName: "" }, "bankName", V.required],
  ] as const)("refuses %s and saves nothing", async (_, change, field, code) => {
    await owner.trpc.account.payment.save.mutate({ bankName: "Commerzbank", accountNumber: "DE89370400440532013000", bic: "" });
    const before = await organiserRow();
    const error = await failure(owner.trpc.account.payment.save.mutate({ bankName: "Other Bank", accountNumber: "GB82WEST12345698765432", bic: "", ...change }));
    expect(error.appCode).toBe("VALIDATION");
    expect(error.fieldErrors?.[field]).toEqual([code]);
    expect(await organiserRow()).toEqual(before);
  });
});

describe("public profile", () => {
  it("shows the public fields and the logo, never phone, address, VAT ID, tax number or bank details", async () => {
    const logo = await newLogo();
    await owner.trpc.account.profile.save.mutate(fullProfile({ logoUploadId: logo }));
    await owner.trpc.account.payment.save.mutate({ bankName: "Commerzbank", accountNumber: "DE89370400440532013000", bic: "" });
    const profile = await t.client().trpc.account.publicProfile.query({ organiserId });
    expect(profile).toEqual({
      id: organiserId,
      name: "Konzerthaus Nord",
      description: "Konzerte am Hafen.",
      city: "Hamburg",
      country: "DE",
      website: "https://konzerthaus-nord.example.com",
      facebookUrl: "https://www.facebook.com/konzerthausnord",
      instagramUrl: "https://instagram.com/konzerthausnord",
      youtubeUrl: "https://youtu.be/abc",
      logoUploadId: logo,
    });
    const served = await t.client().request({ method: "GET", url: `/uploads/${logo}` });
    expect(served.statusCode).toBe(200);
  });

  it("is gone (NOT_FOUND) for a disabled organiser", async () => {
    const other = await signedInOrganiser(t);
    expect((await t.client().trpc.account.publicProfile.query({ organiserId: other.organiser.id })).id).toBe(other.organiser.id);
    await t.database.db.update(organisers).set({ disabledAt: new Date() }).where(eq(organisers.id, other.organiser.id));
    expect((await failure(t.client().trpc.account.publicProfile.query({ organiserId: other.organiser.id }))).appCode).toBe("NOT_FOUND");
  });
});
