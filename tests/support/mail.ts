import { setTimeout as sleep } from "node:timers/promises";
import type { CapturedMail, Mailer } from "@/lib/platform/smtp";

/** The newest mail the embedded sink received for `to`, waiting up to `timeoutMs` for background delivery. */
export async function waitForMail(
  mailer: Mailer,
  to: string,
  timeoutMs = 5_000,
  matches: (mail: CapturedMail) => boolean = () => true,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailer.captured()).find((message) => message.to.includes(to) && matches(message));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await sleep(50);
  }
}

const linkTo = (pathname: string, mail: CapturedMail) =>
  mail.text.match(new RegExp(`https?://[^\\s\\])]+${pathname}\\?token=[\\w-]+`))?.[0];

/**
 * The token of the newest link to `pathname` (e.g. `/reset-password`) mailed to `to`, as the recipient gets it.
 * Read from the mail delivered through the embedded SMTP sink: the outbox and the sink's files keep links redacted.
 */
export async function mailedToken(mailer: Mailer, to: string, pathname: string, timeoutMs = 5_000): Promise<string> {
  const mail = await waitForMail(mailer, to, timeoutMs, (message) => linkTo(pathname, message) !== undefined);
  return new URL(linkTo(pathname, mail)!).searchParams.get("token")!;
}
