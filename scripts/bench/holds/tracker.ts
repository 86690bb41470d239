/** Which seats the benchmark's buyers hold, as this process was told (doubleSold counts against it). */

export type Seat = { key: string; tc: string; cat: string | null };

/** Who holds which seat, as far as the buyers of this process were told. */
export class HoldTracker {
  private readonly holder = new Map<string, { by: number; releasing: boolean }>();
  doubles = 0;
  doubleSeats: string[] = [];

  won(by: number, keys: readonly string[]): void {
    for (const k of keys) {
      const e = this.holder.get(k);
      // Another buyer holds it and has not asked to release it: two carts hold one seat.
      if (e && e.by !== by && !e.releasing) {
        this.doubles++;
        if (this.doubleSeats.length < 10) this.doubleSeats.push(k);
      }
      this.holder.set(k, { by, releasing: false });
    }
  }

  releasing(by: number, keys: readonly string[]): void {
    for (const k of keys) {
      const e = this.holder.get(k);
      if (e?.by === by) e.releasing = true;
    }
  }

  released(by: number, keys: readonly string[]): void {
    for (const k of keys) if (this.holder.get(k)?.by === by) this.holder.delete(k);
  }

  isHeld(k: string): boolean {
    return this.holder.has(k);
  }

  get size(): number {
    return this.holder.size;
  }
}

/** 1 or 2 random free seats (2: neighbours in a row), never one this process knows to be held. */
export function pickSeats(seats: readonly Seat[], tracker: HoldTracker): Seat[] {
  for (let attempt = 0; attempt < 50; attempt++) {
    const i = Math.floor(Math.random() * seats.length);
    const a = seats[i]!;
    if (tracker.isHeld(a.key)) continue;
    if (Math.random() < 0.5) return [a];
    const row = a.key.slice(0, a.key.lastIndexOf(":"));
    for (const j of [i + 1, i - 1]) {
      const b = seats[j];
      if (b && b.key.startsWith(`${row}:`) && !tracker.isHeld(b.key)) return [a, b];
    }
    return [a];
  }
  throw new Error("no free seat found");
}

