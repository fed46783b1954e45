import net from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives, and can be stopped and started again
 * on the same port (the mail server going down and coming back).
 */
export async function smtpInbox() {
  const received: ReceivedMail[] = [];
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  let server: SMTPServer | null = null;
  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      size: 30 * 1024 * 1024,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString("latin1"),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
  };
  const stop = async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await start();
  return { port, url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, received, start, stop };
}
