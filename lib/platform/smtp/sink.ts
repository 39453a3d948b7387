import { createHash, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { redactUrl } from "@/emails/redact";
import { logger } from "../logger";
import { type Mailbox, openMailbox } from "./mailbox";
import type { CapturedMail } from "./types";

export type SmtpSink = {
  port: number;
  /** smtp://127.0.0.1:<port>, ready for SMTP_URL (clients must not attempt STARTTLS). */
  url: string;
  /** Newest first: what this process received as it arrived, older messages as their files keep them (redacted). */
  captured(): Promise<CapturedMail[]>;
  close(): Promise<void>;
};

/** Connections still open this long after close() are cut, so shutdown never waits on a stalled client. */
const CLOSE_TIMEOUT_MS = 1_000;
/** Messages kept whole in memory, newest first: enough for a test run or for following a link soon after it came. */
const RECEIVED_IN_MEMORY = 500;
/** Attachments up to this size are kept whole in memory (an invoice is a few KB); larger ones by checksum only. */
const ATTACHMENT_BYTES_IN_MEMORY = 1024 * 1024;
const WEB_LINK = /https?:\/\/[^\s"'<>()[\]]+/g;

/**
 * The message as its file keeps it: every web link's query values and fragment replaced. The sink cannot tell a
 * reset link from any other, and a copy of DATA_DIR must not hold a working one.
 */
function withoutLiveLinks(mail: CapturedMail): CapturedMail {
  const redact = (body: string) => body.replace(WEB_LINK, (link) => redactUrl(link));
  // Attachments' bytes stay in memory: the file keeps what identifies them, not a second copy of a document.
  const attachments = mail.attachments.map(({ contentBase64: _bytes, ...described }) => described);
  return { ...mail, html: redact(mail.html), text: redact(mail.text), attachments };
}

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
    attachments: parsed.attachments.map((attachment) => ({
      fileName: attachment.filename ?? "",
      contentType: attachment.contentType,
      sizeBytes: attachment.content.byteLength,
      checksumSha256: createHash("sha256").update(attachment.content).digest("hex"),
      ...(attachment.content.byteLength <= ATTACHMENT_BYTES_IN_MEMORY && {
        contentBase64: attachment.content.toString("base64"),
      }),
    })),
    receivedAt: new Date().toISOString(),
  };
}

function createServer(mailbox: Mailbox, received: CapturedMail[]): SMTPServer {
  const server = new SMTPServer({
    // smtp-server's built-in STARTTLS certificate has expired; the sink speaks plain SMTP on loopback only.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    closeTimeout: CLOSE_TIMEOUT_MS,
    onData(stream, session, callback) {
      capture(stream, session)
        .then(async (mail) => {
          // Into memory first: a reader listing the mailbox between the file's write and this would get the
          // redacted copy of a message this process holds whole.
          received.unshift(mail);
          received.splice(RECEIVED_IN_MEMORY);
          await mailbox.save(withoutLiveLinks(mail));
        })
        .then(() => callback(), callback);
    },
  });
  // A client dropping its connection is emitted as an error; it must not crash the process.
  server.on("error", (error) => logger.warn({ err: error }, "smtp sink connection error"));
  return server;
}

/**
 * An SMTP server on 127.0.0.1 that accepts every message and stores it under `dir` with its links redacted; the
 * messages as received (links working) stay in this process's memory only. Port 0 picks a free port.
 */
export async function startSmtpSink(options: { port: number; dir: string }): Promise<SmtpSink> {
  const mailbox = await openMailbox(options.dir);
  const received: CapturedMail[] = [];
  const server = createServer(mailbox, received);
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
    async captured() {
      const whole = new Map(received.map((mail) => [mail.id, mail]));
      return (await mailbox.list()).map((stored) => whole.get(stored.id) ?? stored);
    },
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}
