import type { EventEmitter } from "node:events";
import { SlidingWindowCounter } from "../lib/sliding-window";
import { AppError } from "../lib/app-error";

/** What one client may open: a buyer's page keeps one socket with one or two live seat maps. */
export type SocketLimits = {
  /** Open WebSockets per client address (many buyers may share one address behind a NAT). */
  maxSocketsPerAddress: number;
  /** Live subscriptions one socket may run at once. */
  maxSubscriptionsPerSocket: number;
  /** Subscriptions an address may start per minute (reconnects and page loads included). */
  subscriptionStartsPerMinute: number;
};

/** The part of a WebSocket the registry needs: closing it and hearing that it closed. */
export type TrackedSocket = Pick<EventEmitter, "once"> & { close: (code?: number, reason?: string) => void };

/** WebSocket close code for "your session ended" (4000-4999 are the application's). */
export const SESSION_ENDED_CLOSE_CODE = 4001;

const MINUTE_MS = 60_000;

/**
 * The WebSockets of this instance: how many each address holds (refused past the cap at the
 * upgrade, before any work is done for it), which session each one was opened with (closed
 * when that session or every session of its user ends), and the subscriptions each runs.
 * In memory: a socket lives on one instance; the per-call session check covers the others.
 */
export class SocketRegistry {
  private readonly perAddress = new Map<string, number>();
  private readonly bySession = new Map<string, Set<TrackedSocket>>();
  private readonly byUser = new Map<string, Set<TrackedSocket>>();
  private readonly subscriptions = new WeakMap<object, number>();
  /** Subscription starts per address over the last minute. */
  private readonly starts: SlidingWindowCounter;

  constructor(readonly limits: SocketLimits) {
    this.starts = new SlidingWindowCounter(limits.subscriptionStartsPerMinute, MINUTE_MS);
  }

  /**
   * Counts an upgrade request against its address until its connection closes; false (and
   * nothing counted) when the address already holds its share.
   */
  admit(address: string, connection: Pick<EventEmitter, "once">): boolean {
    const open = this.perAddress.get(address) ?? 0;
    if (open >= this.limits.maxSocketsPerAddress) return false;
    this.perAddress.set(address, open + 1);
    connection.once("close", () => {
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left <= 0) this.perAddress.delete(address);
      else this.perAddress.set(address, left);
    });
    return true;
  }

  socketsOf(address: string): number {
    return this.perAddress.get(address) ?? 0;
  }

  /** Remembers the session a socket was opened with, so ending the session closes it. */
  track(socket: TrackedSocket, owner: { sessionId: string; userId: string }): void {
    add(this.bySession, owner.sessionId, socket);
    add(this.byUser, owner.userId, socket);
    socket.once("close", () => {
      remove(this.bySession, owner.sessionId, socket);
      remove(this.byUser, owner.userId, socket);
    });
  }

  /** After a logout: the sockets opened with that session close (the client reconnects as a guest). */
  closeSession(sessionId: string): void {
    for (const socket of [...(this.bySession.get(sessionId) ?? [])]) socket.close(SESSION_ENDED_CLOSE_CODE, "SESSION_ENDED");
  }

  /** After a password reset, deactivation or account disable: every socket of the user closes. */
  closeUser(userId: string): void {
    for (const socket of [...(this.byUser.get(userId) ?? [])]) socket.close(SESSION_ENDED_CLOSE_CODE, "SESSION_ENDED");
  }

  /**
   * Admits one more subscription on `socket` from `address`; returns its release. Refuses with
   * TOO_MANY_REQUESTS past the socket's cap or the address's start rate.
   */
  startSubscription(socket: object | null, address: string, now = Date.now()): () => void {
    const running = socket ? (this.subscriptions.get(socket) ?? 0) : 0;
    if (running >= this.limits.maxSubscriptionsPerSocket) throw new AppError("TOO_MANY_REQUESTS", { detail: "subscriptions" });
    const wait = this.starts.take(address, now);
    if (wait > 0) throw new AppError("TOO_MANY_REQUESTS", { detail: "subscription-rate", retryAfter: wait });
    if (!socket) return () => {};
    this.subscriptions.set(socket, running + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.subscriptions.set(socket, Math.max(0, (this.subscriptions.get(socket) ?? 1) - 1));
    };
  }
}

function add<K>(map: Map<K, Set<TrackedSocket>>, key: K, socket: TrackedSocket): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(socket);
}

function remove<K>(map: Map<K, Set<TrackedSocket>>, key: K, socket: TrackedSocket): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(socket);
  if (set.size === 0) map.delete(key);
}
