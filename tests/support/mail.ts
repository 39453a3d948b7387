import { setTimeout as sleep } from "node:timers/promises";
import type { CapturedMail, Mailer } from "@/lib/platform/smtp";

/** The newest mail the embedded sink received for `to`, waiting up to `timeoutMs` for background delivery. */
export async function waitForMail(mailer: Mailer, to: string, timeoutMs = 5_000): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await mailer.captured()).find((message) => message.to.includes(to));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await sleep(50);
  }
}
