import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { logger } from "../logger";
import { openMailbox, type Mailbox } from "./mailbox";
import type { CapturedMail } from "./types";

export type SmtpSink = {
  port: number;
  /** smtp://127.0.0.1:<port>, ready for SMTP_URL (clients must not attempt STARTTLS). */
  url: string;
  captured(): Promise<CapturedMail[]>;
  close(): Promise<void>;
};

/** Connections still open this long after close() are cut, so shutdown never waits on a stalled client. */
const CLOSE_TIMEOUT_MS = 1_000;

async function capture(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<CapturedMail> {
  const parsed = await simpleParser(stream);
  const { mailFrom, rcptTo } = session.envelope;
  return {
    id: parsed.messageId ?? randomUUID(),
    from: parsed.from?.text ?? (mailFrom ? mailFrom.address : ""),
    to: rcptTo.map((recipient) => recipient.address),
    subject: parsed.subject ?? "",
    html: parsed.html || "",
    text: parsed.text ?? "",
    receivedAt: new Date().toISOString(),
  };
}

function createServer(mailbox: Mailbox): SMTPServer {
  const server = new SMTPServer({
    // smtp-server's built-in STARTTLS certificate has expired; the sink speaks plain SMTP on loopback only.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    closeTimeout: CLOSE_TIMEOUT_MS,
    onData(stream, session, callback) {
      capture(stream, session)
        .then((mail) => mailbox.save(mail))
        .then(() => callback(), callback);
    },
  });
  // A client dropping its connection is emitted as an error; it must not crash the process.
  server.on("error", (error) => logger.warn({ err: error }, "smtp sink connection error"));
  return server;
}

/** An SMTP server on 127.0.0.1 that accepts every message and stores it under `dir`. Port 0 picks a free port. */
export async function startSmtpSink(options: { port: number; dir: string }): Promise<SmtpSink> {
  const mailbox = await openMailbox(options.dir);
  const server = createServer(mailbox);
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    captured: () => mailbox.list(),
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
