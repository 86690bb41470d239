/**
 * Counts events per key over the last window (a sliding estimate from the current and the
 * previous fixed window), in this process's memory. For limits that guard one instance's own
 * resources (sockets, subscription starts) or that may be a little generous across instances
 * (hold calls per minute, backed by the database limits on what is held).
 */
export class SlidingWindowCounter {
  private readonly windows = new Map<string, { window: number; current: number; previous: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /**
   * Counts one event of `key` unless the limit is reached; returns 0 when counted, else the
   * seconds until the next event would be allowed (for a Retry-After).
   */
  take(key: string, now = Date.now()): number {
    const window = Math.floor(now / this.windowMs);
    let w = this.windows.get(key);
    if (!w || w.window < window - 1) w = { window, current: 0, previous: 0 };
    else if (w.window === window - 1) w = { window, current: 0, previous: w.current };
    this.windows.set(key, w);
    // The previous window weighs by how much of it still lies within the last windowMs.
    const elapsed = (now - window * this.windowMs) / this.windowMs;
    if (w.current + w.previous * (1 - elapsed) >= this.limit) {
      return Math.max(1, Math.ceil(((1 - elapsed) * this.windowMs) / 1000));
    }
    w.current++;
    if (this.windows.size > this.maxKeys) this.dropStale(window);
    return 0;
  }

  private dropStale(window: number): void {
    for (const [key, w] of this.windows) if (w.window < window - 1) this.windows.delete(key);
  }
}
