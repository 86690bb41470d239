/** The on-sale benchmark's local SMTP sink: accepts every mail and notes when each recipient's mail arrived. */
import { SMTPServer } from "smtp-server";
import { wallMs } from "../holds/lib";

export type Sink = { port: number; arrivals: Map<string, number>; close: () => Promise<void> };

export async function startSink(): Promise<Sink> {
  const arrivals = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, session, callback) {
      // Read to the end (the mail is complete only then), keep nothing.
      stream.on("data", () => {});
      stream.on("end", () => {
        const at = wallMs();
        for (const r of session.envelope.rcptTo) arrivals.set(r.address.toLowerCase(), at);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return { port, arrivals, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
