import type { Encoder } from "@trpc/server/adapters/ws";
import superjson from "superjson";

type Serialized = ReturnType<typeof superjson.serialize>;
const serialized = new WeakMap<object, Serialized>();
/** The JSON text of a shared value's serialisation, made once on its first send. */
const encoded = new WeakMap<Serialized, string>();
const sharedSerialisations = new WeakSet<Serialized>();

/**
 * Marks a value that goes unchanged to many subscribers (a seat delta to thousands of
 * watchers): it is serialised and turned into JSON once, not once per WebSocket.
 */
export function shared<T extends object>(value: T): T {
  if (!serialized.has(value)) {
    const s = superjson.serialize(value);
    serialized.set(value, s);
    sharedSerialisations.add(s);
  }
  return value;
}

/**
 * A copy of a shared value: it serialises as the value does (the JSON is the value's, made
 * once) but is an object of its own, so each copy can learn its own reply address (one
 * snapshot read and encoded once for all the watchers that asked for it).
 */
export function sharedCopy<T extends object>(value: T): T {
  const body = sharedJson(value);
  const s = serialized.get(value)!;
  const copy = { ...value };
  const own: Serialized = { json: s.json, ...(s.meta ? { meta: s.meta } : {}) };
  serialized.set(copy, own);
  sharedSerialisations.add(own);
  encoded.set(own, body);
  return copy;
}

/** The JSON text of a shared value as it travels in a reply's `data` (made once). */
export function sharedJson(value: object): string {
  const s = serialized.get(shared(value))!;
  let body = encoded.get(s);
  if (body === undefined) encoded.set(s, (body = JSON.stringify(s)));
  return body;
}

/** Who a reply goes to on its WebSocket: the call's id (and JSON-RPC marker) as the client sent them. */
export type ReplyAddress = { id: unknown; jsonrpc: unknown };

/** A data reply of a subscription, as tRPC's JSON encoder would write it. */
export function dataFrame(to: ReplyAddress, body: string): string {
  const head = to.jsonrpc === undefined ? "" : `"jsonrpc":${JSON.stringify(to.jsonrpc)},`;
  return `{"id":${JSON.stringify(to.id ?? null)},${head}"result":{"type":"data","data":${body}}}`;
}

const addressHooks = new WeakMap<object, (to: ReplyAddress) => void>();
const pendingAddressHooks = new WeakMap<Serialized, (to: ReplyAddress) => void>();

/**
 * Learns the address of the reply that carries `value` (a subscription's first message) when
 * tRPC sends it, so later messages of that subscription can be written to its socket directly.
 */
export function withReplyAddress<T extends object>(value: T, hook: (to: ReplyAddress) => void): T {
  addressHooks.set(value, hook);
  return value;
}

/** superjson on the wire (Dates survive), with the shared values' serialisation reused. */
export const transformer = {
  input: superjson,
  output: {
    serialize: (value: unknown): Serialized => {
      if (value === null || typeof value !== "object") return superjson.serialize(value);
      const hook = addressHooks.get(value);
      const known = serialized.get(value);
      if (known) {
        if (hook) pendingAddressHooks.set(known, hook);
        return known;
      }
      const s = superjson.serialize(value);
      if (hook) pendingAddressHooks.set(s, hook);
      return s;
    },
    deserialize: superjson.deserialize,
  },
};

type Reply = { id?: unknown; jsonrpc?: unknown; result?: { type?: unknown; id?: unknown; data?: unknown } };

/**
 * tRPC's WebSocket encoder (JSON text frames, as its default) that writes a shared value's JSON
 * once for all its subscribers: only the envelope (the subscription's id) differs per socket.
 */
export const wsEncoder: Encoder = {
  encode: (message: unknown) => {
    const reply = message as Reply;
    const data = reply.result?.data;
    if (reply.result?.type === "data" && reply.result.id === undefined && data !== null && typeof data === "object") {
      const to = { id: reply.id, jsonrpc: reply.jsonrpc };
      const hook = pendingAddressHooks.get(data as Serialized);
      if (hook) {
        pendingAddressHooks.delete(data as Serialized);
        hook(to);
      }
      if (sharedSerialisations.has(data as Serialized)) {
        let body = encoded.get(data as Serialized);
        if (body === undefined) encoded.set(data as Serialized, (body = JSON.stringify(data)));
        return dataFrame(to, body);
      }
    }
    return JSON.stringify(message);
  },
  decode: (data: unknown) => {
    if (typeof data !== "string") throw new Error("binary WebSocket frames are not accepted");
    return JSON.parse(data) as unknown;
  },
};
