import { eq, inArray, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client";
import { outboxMails } from "../../server/db/schema";
import { drainOutbox, enqueueMail, sendDueMails } from "../../server/mail/outbox";
import { createTestDatabase, type TestDatabase } from "./helpers/database";

const FROM = "Ticketing <no-reply@example.com>";
const log = pino({ level: "silent" });

type Delivered = { from: string; to: string; subject: string; text: string; html: string };

/**
 * A real nodemailer Transporter over a fake transport (nodemailer's custom-transport API):
 * nothing leaves the machine, every delivery is recorded, and it can be slow or broken.
 */
function fakeTransport(options: { fail?: boolean; delayMs?: () => number } = {}) {
  const delivered: Delivered[] = [];
  const transport = nodemailer.createTransport({
    name: "fake",
    version: "1.0.0",
    send(mail, callback) {
      setTimeout(() => {
        if (options.fail) return callback(new Error("SMTP server unreachable"), undefined);
        const d = mail.data;
        delivered.push({
          from: String(d.from),
          to: String(d.to),
          subject: String(d.subject),
          text: String(d.text),
          html: String(d.html),
        });
        callback(null, {
          envelope: mail.message.getEnvelope(),
          messageId: `<${delivered.length}@fake>`,
          accepted: [String(d.to)],
          rejected: [],
          pending: [],
          response: "250 OK",
        });
      }, options.delayMs?.() ?? 0);
    },
  });
  return { transport, delivered };
}

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

beforeEach(async () => {
  await database.db.delete(outboxMails).where(sql`true`);
});

async function enqueue(count: number, prefix = "to"): Promise<string[]> {
  const addresses = Array.from({ length: count }, (_, i) => `${prefix}-${i}@example.com`);
  for (const to of addresses) {
    await enqueueMail(database.db, to, "en", {
      template: "password_reset",
      name: "Anna",
      link: `http://localhost:3000/auth/reset-password/${to}`,
      minutes: 60,
    });
  }
  return addresses;
}

async function rowsFor(addresses: string[]) {
  return database.db.select().from(outboxMails).where(inArray(outboxMails.to, addresses));
}

describe("sendDueMails", () => {
  it("sends every due mail once and marks it sent", async () => {
    const addresses = await enqueue(3);
    const { transport, delivered } = fakeTransport();

    expect(await sendDueMails(database, transport, FROM, log)).toBe(3);
    expect(delivered.map((m) => m.to).sort()).toEqual([...addresses].sort());
    const first = delivered.find((m) => m.to === addresses[0])!;
    expect(first.from).toBe(FROM);
    expect(first.subject).toBe("Reset your password");
    expect(first.text).toContain(`http://localhost:3000/auth/reset-password/${addresses[0]}`);
    expect(first.html).toContain("<a href=");

    for (const row of await rowsFor(addresses)) {
      expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      expect(row.sentAt).toBeInstanceOf(Date);
    }

    // Nothing left to send.
    expect(await sendDueMails(database, transport, FROM, log)).toBe(0);
    expect(delivered).toHaveLength(3);
  });

  it("leaves a mail that is not due yet", async () => {
    const [address] = await enqueue(1);
    await database.db
      .update(outboxMails)
      .set({ nextAttemptAt: new Date(Date.now() + 60_000) })
      .where(eq(outboxMails.to, address!));
    const { transport, delivered } = fakeTransport();
    expect(await sendDueMails(database, transport, FROM, log)).toBe(0);
    expect(delivered).toEqual([]);
  });

  it("a failing transport leaves mails pending with the attempt counted and a retry later", async () => {
    const addresses = await enqueue(2);
    const before = Date.now();
    const { transport } = fakeTransport({ fail: true });

    expect(await sendDueMails(database, transport, FROM, log)).toBe(0);
    for (const row of await rowsFor(addresses)) {
      expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "SMTP server unreachable", sentAt: null });
      // First retry after 30 s.
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(before + 25_000);
    }

    // Not retried before its time ...
    const working = fakeTransport();
    expect(await sendDueMails(database, working.transport, FROM, log)).toBe(0);

    // ... and sent once it is due again.
    await database.db.update(outboxMails).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(inArray(outboxMails.to, addresses));
    expect(await sendDueMails(database, working.transport, FROM, log)).toBe(2);
    for (const row of await rowsFor(addresses)) expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("gives a mail up as failed after the last attempt", async () => {
    const [address] = await enqueue(1);
    await database.db.update(outboxMails).set({ attempts: 7 }).where(eq(outboxMails.to, address!));
    const { transport } = fakeTransport({ fail: true });
    await sendDueMails(database, transport, FROM, log);
    const [row] = await rowsFor([address!]);
    expect(row).toMatchObject({ status: "failed", attempts: 8 });

    await database.db.update(outboxMails).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(outboxMails.to, address!));
    const working = fakeTransport();
    expect(await sendDueMails(database, working.transport, FROM, log)).toBe(0);
    expect(working.delivered).toEqual([]);
  });

  it("two senders running at once never send one mail twice", async () => {
    // A second instance: its own connection pool on a server, the same in-process database on PGlite.
    const second: Database = database.url ? await openDatabase({ url: database.url, maxConnections: 5 }) : database;
    try {
      // A race either happens or not in one go; several rounds make a double send all but certain to show.
      for (let trial = 0; trial < 5; trial++) {
        const addresses = await enqueue(45, `race${trial}`);
        const { transport, delivered } = fakeTransport({ delayMs: () => Math.floor(Math.random() * 4) });
        let total = 0;
        for (let round = 0; round < 10; round++) {
          const [a, b] = await Promise.all([
            sendDueMails(database, transport, FROM, log),
            sendDueMails(second, transport, FROM, log),
          ]);
          total += a + b;
          if (a + b === 0) break;
        }
        const counts = new Map<string, number>();
        for (const m of delivered) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
        expect([...counts].filter(([, n]) => n > 1), `trial ${trial}: sent twice`).toEqual([]);
        expect([...counts.keys()].sort()).toEqual([...addresses].sort());
        expect(total).toBe(45);
        for (const row of await rowsFor(addresses)) expect(row).toMatchObject({ status: "sent", attempts: 1 });
      }
    } finally {
      if (second !== database) await second.close();
    }
  });
});

describe("draining the outbox (decision 034)", () => {
  it("one run sends every due mail, not a batch per tick", async () => {
    // The job used to claim 20 mails per 2-second tick: 45 mails took three ticks.
    const addresses = await enqueue(45, "all");
    const { transport, delivered } = fakeTransport({ delayMs: () => 2 });
    expect(await sendDueMails(database, transport, FROM, log)).toBe(45);
    expect(delivered.map((m) => m.to).sort()).toEqual([...addresses].sort());
    for (const row of await rowsFor(addresses)) expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("sends several at once, and mails written while it runs in the same run", async () => {
    const first = await enqueue(12, "first");
    let inFlight = 0;
    let most = 0;
    let later: Promise<string[]> | null = null;
    const delivered: string[] = [];
    const mail = await drainOutbox(
      database,
      async (m) => {
        inFlight++;
        most = Math.max(most, inFlight);
        // A sale goes on while the mails go out: 10 more orders' mails arrive with the first one sent.
        later ??= enqueue(10, "later");
        await later;
        await new Promise((r) => setTimeout(r, 5));
        delivered.push(m.to);
        inFlight--;
      },
      log,
      { concurrency: 4 },
    );
    expect(mail).toBe(22);
    expect(most).toBe(4);
    expect(delivered.sort()).toEqual([...first, ...(await later!)].sort());
  });

  it("stopped, it finishes the mails it took and leaves the rest due, their attempt not counted", async () => {
    const addresses = await enqueue(10, "stop");
    const stop = new AbortController();
    const delivered: string[] = [];
    const sent = await drainOutbox(
      database,
      async (m) => {
        stop.abort();
        await new Promise((r) => setTimeout(r, 5));
        delivered.push(m.to);
      },
      log,
      { concurrency: 2, signal: stop.signal },
    );
    expect(sent).toBe(delivered.length);
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(10);
    const rows = await rowsFor(addresses);
    expect(rows.filter((r) => r.status === "sent").map((r) => r.to).sort()).toEqual([...delivered].sort());
    for (const row of rows.filter((r) => r.status === "pending")) {
      expect(row.attempts).toBe(0);
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two senders of 8 lanes each on Postgres", () => {
  it("never send one mail twice and leave none behind", async () => {
    const second = await openDatabase({ url: database.url!, maxConnections: 10 });
    try {
      for (let trial = 0; trial < 5; trial++) {
        const addresses = await enqueue(200, `lanes${trial}`);
        const { transport, delivered } = fakeTransport({ delayMs: () => Math.floor(Math.random() * 3) });
        const [a, b] = await Promise.all([
          sendDueMails(database, transport, FROM, log, undefined, { concurrency: 8 }),
          sendDueMails(second, transport, FROM, log, undefined, { concurrency: 8 }),
        ]);
        const counts = new Map<string, number>();
        for (const m of delivered) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
        expect([...counts].filter(([, n]) => n > 1), `trial ${trial}: sent twice`).toEqual([]);
        expect(counts.size).toBe(200);
        expect(a + b).toBe(200);
        // Both took part: the race was run.
        expect(Math.min(a, b)).toBeGreaterThan(0);
        for (const row of await rowsFor(addresses)) expect(row).toMatchObject({ status: "sent", attempts: 1 });
      }
    } finally {
      await second.close();
    }
  });
});
