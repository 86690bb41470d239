import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { organisers } from "../../server/db/schema";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_COUNT } from "../../shared/schemas/account";
import { emptyPermissionSet, fullPermissionSet } from "../../shared/permissions";
import { createTestApp, type TestApp, type TestClient } from "./helpers/app";
import { createUser } from "./helpers/factories";
import {
  makeCompoundFile,
  makeDocx,
  makeExecutable,
  makeJpeg,
  makePdf,
  makeZip,
} from "./helpers/document-files";
import { downloadDocumentVia, storedDocuments, type StoredDocument, uploadDocumentVia, verificationOf } from "./helpers/documents";
import { signedInOrganiser, signedInTeamMember, signIn } from "./helpers/events";
import { failure } from "./helpers/trpc";

let t: TestApp;
let uploadDir: string;

beforeAll(async () => {
  uploadDir = await mkdtemp(path.join(tmpdir(), "documents-test-"));
  t = await createTestApp({ UPLOAD_DIR: uploadDir });
});
afterAll(async () => {
  await t.close();
  await rm(uploadDir, { recursive: true, force: true });
});

const stored = () => storedDocuments(t.database.db, uploadDir);
const newOrganiser = () => signedInOrganiser(t, { publishable: false });

async function upload(client: TestClient, data: Buffer, options: Parameters<typeof uploadDocumentVia>[2] = {}): Promise<StoredDocument> {
  const res = await uploadDocumentVia(client, data, options);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StoredDocument>();
}

describe("uploading verification documents", () => {
  it("a new organiser has none; a PDF upload stores row and file and puts the profile in review", async () => {
    const { client, organiser } = await newOrganiser();
    expect(await client.trpc.account.documents.overview.query()).toEqual({
      verificationState: "none",
      rejectionReason: null,
      reviewedAt: null,
      documents: [],
    });
    const before = await stored();
    const pdf = makePdf();
    const doc = await upload(client, pdf, { filename: "Gewerbeanmeldung.pdf" });
    expect(doc).toMatchObject({ fileName: "Gewerbeanmeldung.pdf", mimeType: "application/pdf", bytes: pdf.length });
    const after = await stored();
    expect(after.rows).toEqual([...before.rows, doc.id].sort());
    expect(after.files).toEqual([...before.files, doc.id].sort());
    expect((await verificationOf(t.database.db, organiser.id)).state).toBe("in_review");

    const overview = await client.trpc.account.documents.overview.query();
    expect(overview.verificationState).toBe("in_review");
    expect(overview.documents).toEqual([
      { id: doc.id, fileName: "Gewerbeanmeldung.pdf", mimeType: "application/pdf", bytes: pdf.length, createdAt: expect.any(Date) },
    ]);
  });

  it.each([
    ["a Word 97-2003 .doc", makeCompoundFile("WordDocument"), "antrag.doc", "application/msword", "antrag.doc"],
    ["a .docx", makeDocx(), "Auszug.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "Auszug.docx"],
    ["a JPEG named .jpeg", makeJpeg(), "ausweis.jpeg", "image/jpeg", "ausweis.jpeg"],
    // The name is for display only; a misleading extension gets the right one added.
    ["a JPEG named .png", makeJpeg(), "scan.png", "image/jpeg", "scan.png.jpg"],
    ["a PDF with a path in its name", makePdf(), "..\\..\\etc/passwd.pdf", "application/pdf", "passwd.pdf"],
  ])("%s is recognised by its content", async (_label, data, filename, mimeType, shownName) => {
    const { client } = await newOrganiser();
    const doc = await upload(client, data, { filename, contentType: "application/octet-stream" });
    expect(doc).toMatchObject({ mimeType, fileName: shownName, bytes: data.length });
    const res = await downloadDocumentVia(client, doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  const html = Buffer.from("<!doctype html><html><body><script>fetch('/trpc/auth.me')</script></body></html>");
  it.each([
    ["an executable renamed .pdf", makeExecutable(), "invoice.pdf", "application/pdf"],
    ["an HTML page renamed .jpg", html, "photo.jpg", "image/jpeg"],
    ["a zip that is not a Word document", makeZip({ "readme.txt": "hello" }), "letter.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["an OOXML package without word/document.xml", makeDocx({ withDocumentXml: false }), "letter.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
    ["an Excel compound file renamed .doc", makeCompoundFile("Workbook"), "form.doc", "application/msword"],
    ["text starting with %PDF but no PDF", Buffer.from("%PDF-1.7 this is just text"), "x.pdf", "application/pdf"],
    ["a PNG", Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489", "hex"), "x.jpg", "image/jpeg"],
    ["an empty file", Buffer.alloc(0), "x.pdf", "application/pdf"],
  ])("%s is 400 INVALID_DOCUMENT and nothing is stored", async (_label, data, filename, contentType) => {
    const { client, organiser } = await newOrganiser();
    const before = await stored();
    const res = await uploadDocumentVia(client, data, { filename, contentType });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "INVALID_DOCUMENT" });
    expect(await stored()).toEqual(before);
    expect((await verificationOf(t.database.db, organiser.id)).state).toBe("none");
  });

  it("a PDF over 5 MB is 413 UPLOAD_TOO_LARGE and nothing is stored; one of exactly 5 MB is accepted", async () => {
    const { client, organiser } = await newOrganiser();
    const pad = (size: number) => {
      const base = makePdf();
      const head = base.subarray(0, base.length - 6); // before "%%EOF\n"
      return Buffer.concat([head, Buffer.alloc(size - base.length, 0x20), Buffer.from("%%EOF\n")]);
    };
    const before = await stored();
    const res = await uploadDocumentVia(client, pad(DOCUMENT_MAX_BYTES + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "UPLOAD_TOO_LARGE" });
    expect(await stored()).toEqual(before);
    expect((await verificationOf(t.database.db, organiser.id)).state).toBe("none");
    const exact = await upload(client, pad(DOCUMENT_MAX_BYTES));
    expect(exact.bytes).toBe(DOCUMENT_MAX_BYTES);
  });

  it(`at most ${DOCUMENT_MAX_COUNT} documents: further uploads, also at once, are 409 DOCUMENT_LIMIT with nothing stored`, async () => {
    const { client } = await newOrganiser();
    for (let i = 0; i < DOCUMENT_MAX_COUNT - 2; i++) await upload(client, makePdf(`% ${i}\n`));
    const before = await stored();
    const results = await Promise.all([1, 2, 3, 4].map((i) => uploadDocumentVia(client, makePdf(`% last ${i}\n`))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409]);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json())).toEqual([{ error: "DOCUMENT_LIMIT" }, { error: "DOCUMENT_LIMIT" }]);
    const after = await stored();
    expect(after.rows.length).toBe(before.rows.length + 2);
    expect(after.files.length).toBe(before.files.length + 2);
    expect((await client.trpc.account.documents.overview.query()).documents).toHaveLength(DOCUMENT_MAX_COUNT);
  });

  it("a request without a file part is 400 and an anonymous upload 401, nothing stored", async () => {
    const { client } = await newOrganiser();
    const before = await stored();
    const empty = await client.request({
      method: "POST",
      url: "/api/account/documents",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      payload: "--x--\r\n",
    });
    expect(empty.statusCode).toBe(400);
    const anonymous = await uploadDocumentVia(t.client(), makePdf());
    expect(anonymous.statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });
});

describe("documents are private", () => {
  let owner: Awaited<ReturnType<typeof newOrganiser>>;
  let doc: StoredDocument;
  const pdf = makePdf("% private\n");

  beforeAll(async () => {
    owner = await newOrganiser();
    doc = await upload(owner.client, pdf, { filename: "Handelsregister Müller.pdf" });
  });

  it("its organiser downloads it as an attachment, with nosniff and its checked type, never cached", async () => {
    const res = await downloadDocumentVia(owner.client, doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Handelsregister M_ller.pdf"; filename*=UTF-8''${encodeURIComponent("Handelsregister Müller.pdf")}`,
    );
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });

  it("the public /uploads/{id} route does not serve it", async () => {
    const res = await t.client().request({ method: "GET", url: `/uploads/${doc.id}` });
    expect(res.statusCode).toBe(404);
    const own = await owner.client.request({ method: "GET", url: `/uploads/${doc.id}` });
    expect(own.statusCode).toBe(404);
  });

  it("an anonymous caller gets 401, another organiser 404, a team member without profile access 403", async () => {
    expect((await downloadDocumentVia(t.client(), doc.id)).statusCode).toBe(401);
    const other = await newOrganiser();
    const res = await downloadDocumentVia(other.client, doc.id);
    expect(res.statusCode).toBe(404);
    expect(res.rawPayload.includes(pdf)).toBe(false);
    const member = await signedInTeamMember(t, owner.organiser.id, { ...fullPermissionSet(), orgProfileAccess: false });
    expect((await downloadDocumentVia(member.client, doc.id)).statusCode).toBe(403);
  });

  it("a team member with profile access and an admin may open it", async () => {
    const member = await signedInTeamMember(t, owner.organiser.id, { ...emptyPermissionSet(), orgProfileAccess: true });
    expect((await downloadDocumentVia(member.client, doc.id)).rawPayload.equals(pdf)).toBe(true);
    const admin = await createUser(t.database.db, { role: "admin" });
    const adminClient = await signIn(t, admin.id);
    expect((await downloadDocumentVia(adminClient, doc.id)).rawPayload.equals(pdf)).toBe(true);
  });

  it("a team member without profile access can neither list, upload nor delete", async () => {
    const member = await signedInTeamMember(t, owner.organiser.id, { ...fullPermissionSet(), orgProfileAccess: false });
    expect((await failure(member.client.trpc.account.documents.overview.query())).appCode).toBe("FORBIDDEN");
    const before = await stored();
    const res = await uploadDocumentVia(member.client, makePdf());
    expect(res.statusCode).toBe(403);
    expect((await failure(member.client.trpc.account.documents.delete.mutate({ id: doc.id }))).appCode).toBe("FORBIDDEN");
    expect(await stored()).toEqual(before);
  });

  it("another organiser cannot delete it (NOT_FOUND), nothing changes", async () => {
    const other = await newOrganiser();
    const before = await stored();
    expect((await failure(other.client.trpc.account.documents.delete.mutate({ id: doc.id }))).appCode).toBe("NOT_FOUND");
    expect(await stored()).toEqual(before);
    expect((await verificationOf(t.database.db, owner.organiser.id)).state).toBe("in_review");
  });
});

describe("deleting and the verification state", () => {
  it("deleting in review keeps the review while a document is left; the last one takes it back to none", async () => {
    const { client, organiser } = await newOrganiser();
    const a = await upload(client, makePdf("% a\n"));
    const b = await upload(client, makeJpeg());
    expect(await client.trpc.account.documents.delete.mutate({ id: a.id })).toEqual({ verificationState: "in_review" });
    expect((await stored()).files).not.toContain(a.id);
    expect((await stored()).rows).not.toContain(a.id);
    expect(await client.trpc.account.documents.delete.mutate({ id: b.id })).toEqual({ verificationState: "none" });
    expect((await verificationOf(t.database.db, organiser.id)).state).toBe("none");
    expect((await stored()).files).not.toContain(b.id);
  });

  it("a verified organiser's documents stay as record: upload and delete are ALREADY_VERIFIED, nothing changes", async () => {
    const { client, organiser } = await newOrganiser();
    const doc = await upload(client, makePdf());
    await t.database.db.update(organisers).set({ verificationState: "verified" }).where(eq(organisers.id, organiser.id));
    const before = await stored();
    const res = await uploadDocumentVia(client, makePdf("% more\n"));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "ALREADY_VERIFIED" });
    expect((await failure(client.trpc.account.documents.delete.mutate({ id: doc.id }))).appCode).toBe("ALREADY_VERIFIED");
    expect(await stored()).toEqual(before);
    expect((await verificationOf(t.database.db, organiser.id)).state).toBe("verified");
  });

  it("rejected: the reason is shown, deleting keeps the rejection, a new upload goes back into review", async () => {
    const { client, organiser } = await newOrganiser();
    const old = await upload(client, makePdf());
    await t.database.db
      .update(organisers)
      .set({ verificationState: "rejected", verificationNote: "Unreadable scan", verificationReviewedAt: new Date() })
      .where(eq(organisers.id, organiser.id));
    expect(await client.trpc.account.documents.overview.query()).toMatchObject({ verificationState: "rejected", rejectionReason: "Unreadable scan" });
    expect(await client.trpc.account.documents.delete.mutate({ id: old.id })).toEqual({ verificationState: "rejected" });
    await upload(client, makeDocx());
    const overview = await client.trpc.account.documents.overview.query();
    expect(overview).toMatchObject({ verificationState: "in_review", rejectionReason: null });
    expect(overview.documents).toHaveLength(1);
  });
});
