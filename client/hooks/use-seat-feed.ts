import { useSubscription } from "@trpc/tanstack-react-query";
import { useRef, useState } from "react";
import type { CounterState, SeatState, WatchMessage } from "../../shared/schemas/shop";
import { unpackSeats } from "../../shared/seating/packed-seats";
import { useTRPC } from "../lib/trpc";

export type SeatFeed = {
  /** Seats that are not "free and untouched", by key. */
  seats: ReadonlyMap<string, SeatState>;
  counters: ReadonlyMap<string, CounterState>;
  /** Whether the first snapshot arrived. */
  ready: boolean;
  /** Grows with every applied message (a cheap dependency for memos). */
  revision: number;
  status: "idle" | "connecting" | "pending" | "error";
};

/**
 * The live seat map of a date or season: a snapshot, then numbered deltas. A delta is applied
 * per seat only if it is newer than what is known (so late or repeated news never win). A gap
 * in the numbering restarts the subscription, which starts with a fresh snapshot.
 */
export function useSeatFeed(scopeId: string, access: string | undefined, enabled: boolean): SeatFeed {
  const trpc = useTRPC();
  const state = useRef({ seats: new Map<string, SeatState>(), counters: new Map<string, CounterState>(), version: -1 });
  const [revision, setRevision] = useState(0);
  const [ready, setReady] = useState(false);
  const resetRef = useRef<() => void>(() => {});

  const apply = (msg: WatchMessage) => {
    const s = state.current;
    if (msg.type === "snapshot") {
      s.seats = new Map(unpackSeats(msg.seats).map((seat) => [seat.k, seat]));
      s.counters = new Map(msg.counters.map((c) => [c.k, c]));
      s.version = msg.version;
      setReady(true);
    } else {
      if (s.version >= 0 && msg.version !== s.version + 1) {
        // A missed announcement: the truth is one snapshot away.
        s.version = -1;
        resetRef.current();
        return;
      }
      s.version = msg.version;
      for (const seat of msg.seats) {
        const known = s.seats.get(seat.k);
        if (!known || known.v < seat.v) s.seats.set(seat.k, seat);
      }
      for (const c of msg.counters) {
        const known = s.counters.get(c.k);
        if (!known || known.v < c.v) s.counters.set(c.k, c);
      }
    }
    setRevision((r) => r + 1);
  };

  const sub = useSubscription(
    trpc.shop.watch.subscriptionOptions(
      { scopeId, ...(access ? { access } : {}) },
      { enabled, onData: (msg) => apply(msg as WatchMessage) },
    ),
  );
  resetRef.current = sub.reset;
  return { seats: state.current.seats, counters: state.current.counters, ready, revision, status: sub.status };
}
