import os from "node:os";
import type postgres from "postgres";
import { fmt, machineCpuSeconds, processCpuSeconds } from "./lib";

type CpuSnapshot = { at: number; server: number; load: number; watchers: Map<number, number>; postgres: Map<number, number>; machine: number };
export type Cores = Record<"server" | "load" | "watchers" | "postgres" | "machine", number>;

export const NO_CPU: Cores = { server: NaN, load: NaN, watchers: NaN, postgres: NaN, machine: NaN };

/**
 * CPU used by each process group over a phase, in cores, from /proc: the server, this load
 * process, the watcher processes, the Postgres backends of the benchmark database (other
 * databases' backends, e.g. of tests running meanwhile, count as other processes) and the
 * whole machine. A process that ends during the phase is not counted.
 */
export class CpuMeter {
  private start: Promise<CpuSnapshot>;

  constructor(
    private readonly db: postgres.Sql,
    private readonly pids: () => { server: number; watchers: number[] },
  ) {
    this.start = this.read();
  }

  private async read(): Promise<CpuSnapshot> {
    const backends = await this.db<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database()`.catch(() => []);
    const p = this.pids();
    const per = (list: number[]) => new Map(list.map((pid) => [pid, processCpuSeconds(pid)]));
    const self = process.cpuUsage();
    return {
      at: performance.now(),
      server: processCpuSeconds(p.server),
      load: (self.user + self.system) / 1e6,
      watchers: per(p.watchers),
      postgres: per(backends.map((b) => b.pid)),
      machine: machineCpuSeconds().busy,
    };
  }

  reset(): void {
    this.start = this.read();
  }

  async cores(): Promise<Cores> {
    const [start, now] = await Promise.all([this.start, this.read()]);
    const s = (now.at - start.at) / 1000;
    const delta = (a: Map<number, number>, b: Map<number, number>) => {
      let sum = 0;
      for (const [pid, cpu] of b) if (Number.isFinite(cpu)) sum += cpu - (a.get(pid) ?? 0);
      return sum;
    };
    return {
      server: (now.server - start.server) / s,
      load: (now.load - start.load) / s,
      watchers: delta(start.watchers, now.watchers) / s,
      postgres: delta(start.postgres, now.postgres) / s,
      machine: (now.machine - start.machine) / s,
    };
  }
}

export const cpuText = (c: Cores, watchers = false) => {
  const ours = (Number.isFinite(c.server) ? c.server : 0) + c.postgres + c.load + (watchers ? c.watchers : 0);
  return `server ${fmt(c.server, 2)}, postgres (benchmark database) ${fmt(c.postgres, 2)}, load ${fmt(c.load, 2)}${watchers ? `, watchers ${fmt(c.watchers, 2)}` : ""}, other processes ${fmt(Math.max(0, c.machine - ours), 2)}; machine ${fmt(c.machine, 2)} of ${os.cpus().length}`;
};
