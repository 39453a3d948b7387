export type MailAttachmentContent = { fileName: string; contentType: string; content: Uint8Array };

export type OutgoingMail = {
  /**
   * The message's own part of its Message-ID (before the `@`; the From address's domain follows): the same on every
   * send of one outbox row, so a copy sent again after an unknown outcome is recognisably the same message.
   */
  id?: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachmentContent[];
};

type CapturedAttachment = {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  /** Hex SHA-256 of the bytes received. */
  checksumSha256: string;
  /** The bytes in base64, up to 1 MiB: in this process's memory only, the sink's files keep the checksum. */
  contentBase64?: string;
};

export type CapturedMail = {
  /** The Message-ID header, so a capture matches the messageId that send() returned. */
  id: string;
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  attachments: CapturedAttachment[];
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
