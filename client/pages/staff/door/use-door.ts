import { TRPCClientError } from "@trpc/client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CheckinEntry, CheckinGate, CheckinVerdict } from "../../../../shared/rules/checkin";
import { useTRPCClient, type RouterOutputs } from "../../../lib/trpc";
import { decideOffline, publicKeyBytes } from "./decide";
import { applySync, clearEntry, dateMeta, dropQueued, getSetting, queuedScans, queueScan, setSetting, type Conflict } from "./store";

export type StaffHome = RouterOutputs["staff"]["home"];
export type DoorDate = StaffHome["dates"][number];

/** The ticket list is asked for this often while online (the "fresh within 10 s"). */
export const SYNC_INTERVAL_MS = 5000;
/** An online scan waits this long for the server before the device decides offline. */
const SCAN_TIMEOUT_MS = 3000;
/** Uploads and list refreshes give up after this long (a network that takes requests but never answers). */
const SYNC_TIMEOUT_MS = 15_000;
/**
 * The whole list is fetched again this often and after the network comes back: a change made by
 * a transaction that committed long after it stamped its lines (a big cancellation) is not lost.
 */
const FULL_SYNC_EVERY_MS = 10 * 60_000;

export type DoorResult = {
  verdict: CheckinVerdict;
  /** The entry this scan made (for undo): on the server, or queued on the device. */
  checkinId: string | null;
  queuedNonce: string | null;
  offline: boolean;
  at: Date;
};

function randomToken(): string {
  return crypto.randomUUID().replace(/-/g, "");
}

/** A network failure or timeout (decide offline), not an answer of the server. */
function isNetworkError(err: unknown): boolean {
  if (err instanceof DOMException && (err.name === "AbortError" || err.name === "TimeoutError")) return true;
  if (!(err instanceof TRPCClientError)) return false;
  // No answer, or a server that fails (5xx): the door goes on by itself.
  const status = (err.data as { httpStatus?: number } | undefined)?.httpStatus;
  return !err.data || (status !== undefined && status >= 500);
}

/**
 * The date the door most likely checks in now: of the dates running (from 6 h before their start
 * to 6 h after their end) the one starting nearest to now (the evening show, not the matinee,
 * at 19:30), else the next, else the last.
 */
export function defaultDate(dates: DoorDate[], now = new Date()): DoorDate | undefined {
  const margin = 6 * 3600_000;
  const t = now.getTime();
  const running = dates.filter((d) => new Date(d.startsAt).getTime() - margin <= t && t <= new Date(d.endsAt).getTime() + margin);
  const nearest = running.sort((a, b) => Math.abs(new Date(a.startsAt).getTime() - t) - Math.abs(new Date(b.startsAt).getTime() - t))[0];
  return nearest ?? dates.find((d) => new Date(d.startsAt).getTime() > t) ?? dates[dates.length - 1];
}

/**
 * The door's engine (issue 18, decision 018): online it asks the server for each verdict and
 * refreshes the ticket list every 5 s; when the network fails (or a scan is not answered within
 * 3 s) it decides on the device from that list and the code's signature, queues the admission in
 * IndexedDB and sends the queue as soon as the server answers again.
 */
export function useDoor(home: StaffHome | undefined, dateId: string | null, staffName: string) {
  const client = useTRPCClient();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [counts, setCounts] = useState<{ expected: number; checkedIn: number } | null>(null);
  const [pending, setPending] = useState(0);
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const [lastSync, setLastSync] = useState<Date | null>(null);
  const [device, setDevice] = useState<{ id: string; label: string } | null>(null);
  /** The server answers, but refuses the refresh (signed out, the date gone, ...): said on screen. */
  const [syncError, setSyncError] = useState<unknown>(null);
  const busy = useRef(false);
  const lastFull = useRef(0);
  /** Scans decided on the device run one after the other (a double Enter cannot admit twice). */
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const date = home?.dates.find((d) => d.id === dateId) ?? null;
  const gate = useMemo<CheckinGate | null>(
    () => (date ? { eventId: date.eventId, seasonId: date.seasonId, date: { id: date.id, localDate: date.localDate, timeZone: date.timeZone } } : null),
    [date],
  );
  const publicKey = useMemo(() => (home ? publicKeyBytes(home.publicKey) : null), [home]);

  // The device's id and label: made once, kept across reloads.
  useEffect(() => {
    void (async () => {
      let id = await getSetting<string>("deviceId");
      let label = await getSetting<string>("deviceLabel");
      if (!id) {
        id = randomToken();
        await setSetting("deviceId", id);
      }
      if (!label) {
        label = `${id.slice(0, 4).toUpperCase()}`;
        await setSetting("deviceLabel", label);
      }
      setDevice({ id, label });
    })();
  }, []);

  const refreshLocal = useCallback(async () => {
    if (!dateId) return;
    const meta = await dateMeta(dateId);
    const queue = await queuedScans(dateId);
    setPending(queue.length);
    if (meta) {
      setConflicts(meta.conflicts);
      setCounts({ expected: meta.counts.expected, checkedIn: meta.counts.checkedIn + queue.length });
      if (meta.serverTime) setLastSync(new Date(meta.serverTime));
    }
  }, [dateId]);

  /**
   * Sends the offline queue, then fetches what changed (or the whole list now and then). A
   * network failure marks the door offline; any other failure is shown, never thrown.
   */
  const sync = useCallback(async () => {
    if (!dateId || !device || busy.current) return;
    busy.current = true;
    try {
      const queue = await queuedScans(dateId);
      for (let i = 0; i < queue.length; i += 100) {
        const batch = queue.slice(i, i + 100);
        await client.staff.checkin.upload.mutate(
          {
            dateId,
            deviceId: device.id,
            deviceLabel: device.label,
            scans: batch.map((s) => ({ nonce: s.nonce, code: s.code, scannedAt: new Date(s.scannedAt) })),
          },
          { signal: AbortSignal.timeout(SYNC_TIMEOUT_MS) },
        );
        await dropQueued(batch.map((s) => s.nonce));
      }
      const meta = await dateMeta(dateId);
      const full = !meta?.serverTime || Date.now() - lastFull.current > FULL_SYNC_EVERY_MS;
      const answer = await client.staff.checkin.sync.query(
        { dateId, since: full ? null : new Date(meta!.serverTime!) },
        { signal: AbortSignal.timeout(SYNC_TIMEOUT_MS) },
      );
      await applySync(dateId, answer);
      if (full) lastFull.current = Date.now();
      setOnline(true);
      setSyncError(null);
    } catch (err) {
      if (isNetworkError(err)) {
        setOnline(false);
        // Back online, the whole list is fetched again.
        lastFull.current = 0;
      } else setSyncError(err);
    } finally {
      busy.current = false;
      await refreshLocal().catch(() => undefined);
    }
  }, [client, dateId, device, refreshLocal]);

  useEffect(() => {
    void refreshLocal();
    void sync();
    const timer = window.setInterval(() => void sync(), SYNC_INTERVAL_MS);
    const goOnline = () => void sync();
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
    };
  }, [sync, refreshLocal]);

  const decideHere = useCallback(
    (code: string, nonce: string): Promise<DoorResult> => {
      const run = async (): Promise<DoorResult> => {
        const at = new Date();
        const { verdict, lineId } = await decideOffline(gate!, publicKey!, code, at, { deviceLabel: device!.label, staffName });
        let queuedNonce: string | null = null;
        if (verdict.kind === "valid") {
          const entry: CheckinEntry = { id: nonce, at: at.toISOString(), deviceLabel: device!.label, staffName };
          await queueScan({ nonce, dateId: gate!.date.id, code, scannedAt: at.toISOString(), lineId, deviceLabel: device!.label, staffName }, entry);
          queuedNonce = nonce;
        }
        await refreshLocal();
        return { verdict, checkinId: null, queuedNonce, offline: true, at };
      };
      const next = chain.current.then(run, run);
      chain.current = next.catch(() => undefined);
      return next;
    },
    [gate, publicKey, device, staffName, refreshLocal],
  );

  /** One scan: the server's verdict when it answers in time, else the device's. */
  const scan = useCallback(
    async (code: string): Promise<DoorResult> => {
      if (!gate || !device || !publicKey) throw new Error("door not ready");
      const nonce = randomToken();
      if (online) {
        try {
          const r = await client.staff.checkin.scan.mutate(
            { dateId: gate.date.id, code, nonce, deviceId: device.id, deviceLabel: device.label },
            { signal: AbortSignal.timeout(SCAN_TIMEOUT_MS) },
          );
          setCounts(r.counts);
          // Keep the list in step at once, so a network loss right after still knows this entry.
          void sync();
          return { verdict: r.verdict, checkinId: r.outcome === "admitted" || r.outcome === "repeated" ? r.checkinId : null, queuedNonce: null, offline: false, at: new Date() };
        } catch (err) {
          if (!isNetworkError(err)) throw err;
          setOnline(false);
          // The same nonce: if the server did take the scan and only its answer was lost, the upload is recognised.
          return decideHere(code, nonce);
        }
      }
      return decideHere(code, nonce);
    },
    [client, gate, device, publicKey, online, sync, decideHere],
  );

  /** Undoes this device's last admission: on the server, or still in the queue. */
  const undo = useCallback(
    async (result: DoorResult) => {
      if (result.queuedNonce) {
        const stillQueued = (await queuedScans(dateId ?? undefined)).some((q) => q.nonce === result.queuedNonce);
        // Sent meanwhile: the server has the entry under the scan's nonce and undoes it there.
        if (!stillQueued) await client.staff.checkin.undo.mutate({ nonce: result.queuedNonce });
        else await dropQueued([result.queuedNonce]);
        const lineId = "ticket" in result.verdict ? result.verdict.ticket?.lineId : undefined;
        if (dateId && lineId) await clearEntry(dateId, lineId);
        if (!stillQueued) void sync();
      } else if (result.checkinId) {
        await client.staff.checkin.undo.mutate({ checkinId: result.checkinId });
        void sync();
      }
      await refreshLocal();
    },
    [client, dateId, sync, refreshLocal],
  );

  const setDeviceLabel = useCallback(async (label: string) => {
    await setSetting("deviceLabel", label);
    setDevice((d) => (d ? { ...d, label } : d));
  }, []);

  return { online, counts, pending, conflicts, lastSync, syncError, device, gate, scan, undo, sync, setDeviceLabel, ready: Boolean(gate && device && publicKey) };
}
