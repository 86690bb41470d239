import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/**
 * A small local stand-in for the parts of Stripe's API our adapter calls
 * (server/modules/payments/stripe-provider.ts): Checkout Sessions (create, retrieve) and
 * refunds. Like Stripe it reads form-encoded bodies, checks the secret key and keeps the answer
 * of each Idempotency-Key (a key reused with other parameters is an `idempotency_error`).
 * Tests move sessions along (paid, expired) as the buyer would on Stripe's page.
 */

export type StandInSession = {
  id: string;
  object: "checkout.session";
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  payment_intent: string | null;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  amount_total: number;
  currency: string;
  locale: string | null;
  mode: string;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  livemode: false;
};

export type StandInRefund = { id: string; object: "refund"; amount: number; currency: string; payment_intent: string; status: "succeeded"; created: number };

/** A request as the stand-in received it: the form body flattened ("metadata[orderId]" keys). */
export type StandInRequest = { method: string; path: string; idempotencyKey: string | null; authorization: string | null; form: Record<string, string> };

export type StripeStandIn = {
  /** The base URL for STRIPE_API_BASE. */
  url: string;
  requests: StandInRequest[];
  sessions: Map<string, StandInSession>;
  refunds: StandInRefund[];
  /** The buyer paid on Stripe's page (`async`: a bank transfer that is still on its way). */
  pay: (sessionId: string, options?: { async?: boolean }) => StandInSession;
  /** An async payment arrived after all. */
  settleAsync: (sessionId: string) => StandInSession;
  /** The session ran out without a payment. */
  expire: (sessionId: string) => StandInSession;
  /** The next `count` requests to `path` fail as if Stripe were unreachable (503, nothing kept). */
  failNext: (path: string, count?: number) => void;
  close: () => Promise<void>;
};

function id(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

function stripeError(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

export async function startStripeStandIn(options: { secretKey?: string } = {}): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? "sk_test_x";
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const refunds: StandInRefund[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const failures = new Map<string, number>();
  let port = 0;

  const now = () => Math.floor(Date.now() / 1000);

  function createSession(form: Record<string, string>) {
    const amount = Number(form["line_items[0][price_data][unit_amount]"]);
    const quantity = Number(form["line_items[0][quantity]"] ?? "1");
    if (!form.success_url || !Number.isInteger(amount)) return stripeError(400, "invalid_request_error", "Missing required param: line_items or success_url.");
    const expiresAt = Number(form.expires_at ?? now() + 24 * 3600);
    if (expiresAt < now() + 30 * 60 - 5 || expiresAt > now() + 24 * 3600) {
      return stripeError(400, "invalid_request_error", "The `expires_at` timestamp must be between 30 minutes and 24 hours from now.", "parameter_invalid_integer");
    }
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) metadata[m[1]!] = v;
    }
    const sessionId = id("cs_test");
    const session: StandInSession = {
      id: sessionId,
      object: "checkout.session",
      url: `https://checkout.stripe.test/c/pay/${sessionId}`,
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      metadata,
      client_reference_id: form.client_reference_id ?? null,
      customer_email: form.customer_email ?? null,
      amount_total: amount * quantity,
      currency: form["line_items[0][price_data][currency]"] ?? "eur",
      locale: form.locale ?? null,
      mode: form.mode ?? "payment",
      success_url: form.success_url,
      cancel_url: form.cancel_url ?? "",
      expires_at: expiresAt,
      created: now(),
      livemode: false,
    };
    sessions.set(sessionId, session);
    return { status: 200, body: session };
  }

  function createRefund(form: Record<string, string>) {
    const intent = form.payment_intent;
    const session = [...sessions.values()].find((s) => s.payment_intent !== null && s.payment_intent === intent);
    if (!session) return stripeError(400, "invalid_request_error", `No such payment_intent: '${intent}'`, "resource_missing");
    const refunded = refunds.filter((r) => r.payment_intent === intent).reduce((a, r) => a + r.amount, 0);
    const amount = form.amount === undefined ? session.amount_total - refunded : Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0 || refunded + amount > session.amount_total) {
      return stripeError(400, "invalid_request_error", `Refund amount (${amount}) is greater than unrefunded amount on charge.`, "amount_too_large");
    }
    const refund: StandInRefund = { id: id("re"), object: "refund", amount, currency: session.currency, payment_intent: intent!, status: "succeeded", created: now() };
    refunds.push(refund);
    return { status: 200, body: refund };
  }

  function route(method: string, path: string, form: Record<string, string>) {
    if (method === "POST" && path === "/v1/checkout/sessions") return createSession(form);
    const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === "GET" && retrieve) {
      const session = sessions.get(decodeURIComponent(retrieve[1]!));
      return session ? { status: 200, body: session } : stripeError(404, "invalid_request_error", `No such checkout.session: '${retrieve[1]}'`, "resource_missing");
    }
    if (method === "POST" && path === "/v1/refunds") return createRefund(form);
    const intent = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && intent) {
      // A paid session's payment intent carries the same metadata (payment_intent_data[metadata]).
      const session = [...sessions.values()].find((s) => s.payment_intent !== null && s.payment_intent === decodeURIComponent(intent[1]!));
      return session
        ? { status: 200, body: { id: session.payment_intent, object: "payment_intent", amount: session.amount_total, currency: session.currency, metadata: session.metadata } }
        : stripeError(404, "invalid_request_error", `No such payment_intent: '${intent[1]}'`, "resource_missing");
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
      const form = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : body));
      const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
      const authorization = typeof req.headers.authorization === "string" ? req.headers.authorization : null;
      requests.push({ method: req.method ?? "", path: url.pathname, idempotencyKey, authorization, form });

      const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": id("req"), ...headers });
        res.end(JSON.stringify(payload));
      };
      const failing = failures.get(url.pathname) ?? 0;
      if (failing > 0) {
        failures.set(url.pathname, failing - 1);
        return send(503, { error: { type: "api_error", message: "Stripe is unreachable (stand-in outage)." } }, { "stripe-should-retry": "false" });
      }
      if (authorization !== `Bearer ${secretKey}`) return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided." } });

      // Idempotency: the first answer of a key is kept; the same key with other parameters is refused.
      const fingerprint = `${req.method} ${url.pathname} ${body}`;
      if (req.method === "POST" && idempotencyKey) {
        const known = idempotent.get(idempotencyKey);
        if (known) {
          if (known.fingerprint !== fingerprint) {
            const e = stripeError(
              400,
              "idempotency_error",
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            );
            return send(e.status, e.body);
          }
          return send(known.status, known.body, { "idempotent-replayed": "true" });
        }
      }
      const answer = route(req.method ?? "", url.pathname, form);
      if (req.method === "POST" && idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, ...answer });
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;

  const session = (sessionId: string) => {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    return s;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    refunds,
    pay: (sessionId, opts = {}) => {
      const s = session(sessionId);
      Object.assign(s, { status: "complete", payment_status: opts.async ? "unpaid" : "paid", payment_intent: id("pi"), url: null });
      return s;
    },
    settleAsync: (sessionId) => Object.assign(session(sessionId), { payment_status: "paid" as const }),
    expire: (sessionId) => Object.assign(session(sessionId), { status: "expired" as const, url: null }),
    failNext: (path, count = 1) => failures.set(path, count),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/** A Stripe event about a Checkout Session, as Stripe delivers it to the webhook. */
export function sessionEvent(type: string, session: StandInSession, eventId = id("evt")) {
  return {
    id: eventId,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: structuredClone(session) },
  };
}

/** The Stripe-Signature header of `payload`, made by the stripe library's own test helper. */
export function signatureFor(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp === undefined ? {} : { timestamp }) });
}
