import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { isTemplateName, templates } from "@/emails/registry";
import { getConfig } from "@/lib/config";
import { authKeys } from "@/lib/platform/auth-keys";

/**
 * Credential links (a template's `secretUrls`) never sit in the outbox in plain text: `props` holds them redacted and
 * `sealed_props` holds the real ones encrypted with AES-256-GCM under a key derived from AUTH_SECRET, bound to the
 * mail's template and recipient. Only delivery opens them, to render the message it sends; once sent they are dropped.
 * A copy of the database without AUTH_SECRET therefore holds no working link.
 */
const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

type MailIdentity = { template: string; to: string };
export type SealedMailProps = { props: Record<string, unknown>; sealedProps: string | null };

/** Authenticated with the ciphertext, so sealed props moved to another row (another recipient) do not open. */
const associatedData = ({ template, to }: MailIdentity) => Buffer.from(`${template}\n${to}`);
const key = async () => (await authKeys(getConfig())).mailSecrets;

/** The props as the outbox stores them: secrets redacted in `props`, and sealed in `sealedProps` (null when none). */
export async function sealSecretProps(
  mail: MailIdentity & { props: Record<string, unknown> },
): Promise<SealedMailProps> {
  const template = isTemplateName(mail.template) ? templates[mail.template] : null;
  const secrets = Object.fromEntries(
    (template?.secretProps ?? []).flatMap((name) => (name in mail.props ? [[name, mail.props[name]]] : [])),
  );
  if (!template || Object.keys(secrets).length === 0) return { props: mail.props, sealedProps: null };
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", await key(), iv, { authTagLength: TAG_BYTES }).setAAD(
    associatedData(mail),
  );
  const sealed = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final(), cipher.getAuthTag()]);
  return {
    props: template.redact(mail.props),
    sealedProps: [VERSION, iv.toString("base64url"), sealed.toString("base64url")].join("."),
  };
}

/**
 * The props to send the mail with: stored props with its secrets opened. Null when they cannot be opened (AUTH_SECRET
 * changed since the mail was queued, or the value was tampered with): such a mail cannot be sent.
 */
export async function openSecretProps(
  mail: MailIdentity & { props: Record<string, unknown>; sealedProps: string | null },
): Promise<Record<string, unknown> | null> {
  if (mail.sealedProps === null) return mail.props;
  const [version, iv, sealed] = mail.sealedProps.split(".");
  if (version !== VERSION || !iv || !sealed) return null;
  const bytes = Buffer.from(sealed, "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", await key(), Buffer.from(iv, "base64url"), {
      authTagLength: TAG_BYTES,
    }).setAAD(associatedData(mail));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const secrets = JSON.parse(
      Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8"),
    ) as Record<string, unknown>;
    return { ...mail.props, ...secrets };
  } catch {
    return null;
  }
}
