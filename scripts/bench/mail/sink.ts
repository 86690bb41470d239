import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * A local SMTP server that takes every mail and keeps nothing but the facts (smtp-server, no
 * TLS, no auth), on a thread of the bench process of its own: what it costs to receive a mail
 * stays off the event loop whose delay the bench measures (the server's in production). For each
 * mail: its recipient, when its last byte arrived (Date.now()), its size and how many PDF
 * attachments it carried.
 */

export type Delivery = { to: string; at: number; bytes: number; pdfs: number };

const SINK = `
const { parentPort, workerData } = require("node:worker_threads");
const { performance } = require("node:perf_hooks");
const { SMTPServer } = require(workerData.smtpServer);
let pending = [];
const server = new SMTPServer({
  disabledCommands: ["STARTTLS", "AUTH"],
  authOptional: true,
  logger: false,
  size: 50 * 1024 * 1024,
  maxClients: 1000,
  onData(stream, session, callback) {
    let bytes = 0;
    let pdfs = 0;
    let tail = "";
    stream.on("data", (chunk) => {
      bytes += chunk.length;
      // Only the headers of the parts are text worth reading; base64 bodies never hold this.
      const text = tail + chunk.toString("latin1");
      const re = /Content-Type: application\\/pdf/g;
      // A match that lies wholly in the tail was counted with the chunk before.
      for (let m = re.exec(text); m; m = re.exec(text)) if (m.index + m[0].length > tail.length) pdfs++;
      tail = text.slice(-40);
    });
    stream.on("end", () => {
      for (const rcpt of session.envelope.rcptTo) pending.push({ to: rcpt.address, at: Date.now(), bytes, pdfs });
      callback();
    });
  },
});
server.listen(0, "127.0.0.1", () => parentPort.postMessage({ port: server.server.address().port }));
setInterval(() => {
  if (pending.length === 0) return;
  parentPort.postMessage({ deliveries: pending });
  pending = [];
}, 50);
parentPort.on("message", (m) => {
  if (m === "elu") parentPort.postMessage({ elu: performance.eventLoopUtilization() });
});
`;

export type Sink = {
  port: number;
  deliveries: Delivery[];
  /** The sink thread's busy time so far (ms): its event-loop utilisation times its age. */
  busyMs: () => Promise<number>;
  close: () => Promise<void>;
};

export async function startSink(): Promise<Sink> {
  const smtpServer = createRequire(import.meta.url).resolve("smtp-server");
  const worker = new Worker(SINK, { eval: true, workerData: { smtpServer } });
  const deliveries: Delivery[] = [];
  let eluWaiter: ((ms: number) => void) | null = null;
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (m: { port?: number; deliveries?: Delivery[]; elu?: { active: number } }) => {
      if (m.port) resolve(m.port);
      if (m.deliveries) deliveries.push(...m.deliveries);
      if (m.elu && eluWaiter) eluWaiter(m.elu.active);
    });
  });
  return {
    port,
    deliveries,
    busyMs: () =>
      new Promise((resolve) => {
        eluWaiter = resolve;
        worker.postMessage("elu");
      }),
    close: async () => {
      await worker.terminate();
    },
  };
}
