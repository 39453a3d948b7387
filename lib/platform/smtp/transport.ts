import nodemailer from "nodemailer";
import { DependencyUnavailableError } from "../errors";
import { withSpan } from "../telemetry/spans";
import type { Mailer } from "./types";

export type SmtpMailerOptions = {
  /** smtp://user:pass@host:port or smtps://… */
  url: string;
  from: string;
  /** For a server without usable STARTTLS, such as the embedded sink. */
  ignoreTLS?: boolean;
};

/** Bounded so a dead or stalled server fails the send instead of holding it open. */
const CONNECTION_TIMEOUT_MS = 5_000;
const GREETING_TIMEOUT_MS = 5_000;
const SOCKET_IDLE_TIMEOUT_MS = 15_000;

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new DependencyUnavailableError("smtp", { cause: error });
  }
}

/** The domain of a From address ("Club <no-reply@club.example>" → club.example), for Message-IDs (RFC 5322 3.6.4). */
export function fromDomain(from: string): string {
  return /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "clubops.local";
}

/** nodemailer's SMTP transport; every failure is reported as the SMTP server being unavailable. */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const domain = fromDomain(options.from);
  const transport = nodemailer.createTransport({
    url: options.url,
    ignoreTLS: options.ignoreTLS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_IDLE_TIMEOUT_MS,
  });

  return {
    kind: "smtp",
    async send({ id, to, subject, html, text, attachments = [] }) {
      const files = attachments.map(({ fileName, contentType, content }) => ({
        filename: fileName,
        contentType,
        content: Buffer.from(content),
      }));
      // The span holds the attachment count only: recipients, subject and body are personal data.
      const info = await withSpan(
        "smtp send",
        { kind: "client", attributes: { "messaging.system": "smtp", "mail.attachments": files.length } },
        () =>
          call(() =>
            transport.sendMail({
              from: options.from,
              to,
              subject,
              html,
              text,
              attachments: files,
              ...(id && { messageId: `<${id}@${domain}>` }),
            }),
          ),
      );
      return { messageId: info.messageId };
    },
    async verify() {
      await call(() => transport.verify());
    },
    async captured() {
      return [];
    },
    async close() {
      transport.close();
    },
  };
}
