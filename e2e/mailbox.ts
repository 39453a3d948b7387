import { setTimeout as sleep } from "node:timers/promises";
import { mailboxPorts } from "./mailbox-ports";

const MAILBOX = mailboxPorts(Number(process.env.E2E_PORT ?? 3210));

export type ReceivedMail = { to: string[]; subject: string; text: string };

/** Every mail a mailbox (scripts/e2e-mailbox.ts) has received, newest first; by default the runs' shared one. */
export async function receivedMail(url = `http://127.0.0.1:${MAILBOX.httpPort}/`): Promise<ReceivedMail[]> {
  return (await (await fetch(url)).json()) as ReceivedMail[];
}

/**
 * The newest link to `pathname` (e.g. `/accept-invitation`) emailed to `to`, as its recipient reads it in the mailbox
 * of the runs (scripts/e2e-mailbox.ts), waiting for delivery; links already followed (`except`) are skipped.
 */
export async function emailedLink(to: string, pathname: string, except: readonly string[] = []): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s\\])]+${pathname}\\?token=[\\w-]+`);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = await receivedMail();
    const link = mails
      .filter((mail) => mail.to.includes(to))
      .map((mail) => mail.text.match(pattern)?.[0])
      .find((found) => found !== undefined && !except.includes(found));
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no email to ${to} with a ${pathname} link`);
    await sleep(200);
  }
}

/** The subject of the newest email to `to`. */
export async function newestSubject(to: string): Promise<string | undefined> {
  return (await receivedMail()).find((mail) => mail.to.includes(to))?.subject;
}
