import superjson from "superjson";

type Serialized = ReturnType<typeof superjson.serialize>;
const serialized = new WeakMap<object, Serialized>();

/**
 * Marks a value that goes unchanged to many subscribers (a seat delta to thousands of
 * watchers): it is serialised once, not once per WebSocket.
 */
export function shared<T extends object>(value: T): T {
  if (!serialized.has(value)) serialized.set(value, superjson.serialize(value));
  return value;
}

/** superjson on the wire (Dates survive), with the shared values' serialisation reused. */
export const transformer = {
  input: superjson,
  output: {
    serialize: (value: unknown): Serialized => (value !== null && typeof value === "object" && serialized.get(value)) || superjson.serialize(value),
    deserialize: superjson.deserialize,
  },
};
