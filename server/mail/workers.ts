import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { MailWorkerSetup, RenderedFile, RenderTask, SendTask } from "./worker";

/**
 * The mail workers (decision 034): a few worker threads (piscina) that make the attachments
 * and send the mails, each with its own database and SMTP connections. They run at a lower
 * priority than the server (nice +10 on Linux and macOS): while a sale keeps every core busy
 * the buyers' requests come first and the mails take what is left, catching up once the rush
 * is over. A thread takes several mails at once, so one mail's SMTP round trips overlap with
 * the next one's rendering.
 */
export type MailWorkers = {
  threads: number;
  /** Mails the workers take at once (threads x tasks per thread): how many the sender hands them. */
  lanes: number;
  send: (task: SendTask) => Promise<void>;
  render: (task: RenderTask) => Promise<RenderedFile>;
  close: () => Promise<void>;
};

export type MailWorkerOptions = {
  /** Default: one per core, at most 4. */
  threads?: number;
  /** Default 4. */
  tasksPerThread?: number;
  /** Added to the threads' nice value (default 10; 0 keeps the server's priority). */
  niceIncrement?: number;
};

export function startMailWorkers(setup: MailWorkerSetup, options: MailWorkerOptions = {}): MailWorkers {
  const threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism()));
  const tasksPerThread = options.tasksPerThread ?? 4;
  const pool = new Piscina({
    filename: new URL("./worker-entry.mjs", import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: tasksPerThread,
    // The threads keep sockets open between tasks: they must not sleep in Atomics.wait.
    atomics: "disabled",
    niceIncrement: options.niceIncrement ?? 10,
    workerData: setup,
  });
  return {
    threads,
    lanes: threads * tasksPerThread,
    send: (task) => pool.run(task, { name: "send" }) as Promise<void>,
    render: (task) => pool.run(task, { name: "render" }) as Promise<RenderedFile>,
    close: () => pool.destroy(),
  };
}
