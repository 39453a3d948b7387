import path from "node:path";
import type { Config } from "@/lib/config";
import { createEmbeddedMailer } from "./embedded";
import { createSmtpMailer } from "./transport";
import type { Mailer } from "./types";

export { type SmtpSink, startSmtpSink } from "./sink";
export type { CapturedMail, MailAttachmentContent, Mailer, OutgoingMail } from "./types";

/** SMTP at SMTP_URL, else an in-process sink that stores mail under DATA_DIR/mail. */
export async function createMailer(config: Config): Promise<Mailer> {
  if (config.SMTP_URL) return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
  return createEmbeddedMailer({
    port: config.EMBEDDED_SMTP_PORT,
    dir: path.join(config.dataDir, "mail"),
    from: config.MAIL_FROM,
  });
}
