import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on loopback; each message it receives is written to `dir` as an .eml file. */
export async function startSmtpServer(dir: string): Promise<{ port: number; close: () => Promise<void> }> {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        count += 1;
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        fs.writeFileSync(
          path.join(dir, `${Date.now()}-${count}-${to.replace(/[^a-z0-9@._-]/gi, "_")}.eml`),
          Buffer.concat(chunks),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
