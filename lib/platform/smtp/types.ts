export type OutgoingMail = { to: string; subject: string; html: string; text: string };

export type CapturedMail = {
  /** The Message-ID header, so a capture matches the messageId that send() returned. */
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  receivedAt: string;
};

/** Sends mail over SMTP. */
export interface Mailer {
  readonly kind: "smtp" | "embedded";
  /** Sends from MAIL_FROM. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  verify(): Promise<void>;
  /** Messages the embedded sink received (newest first); empty for real SMTP. */
  captured(): Promise<CapturedMail[]>;
  close(): Promise<void>;
}
