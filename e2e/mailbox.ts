import { setTimeout as sleep } from "node:timers/promises";
import { mailboxPorts } from "./mailbox-ports";

const MAILBOX = mailboxPorts(Number(process.env.E2E_PORT ?? 3210));

export type ReceivedMail = { to: string[]; subject: string; text: string };

/** Every mail a mailbox (scripts/e2e-mailbox.ts) has received, newest first; by default the runs' shared one. */
export async function receivedMail(url = `http://127.0.0.1:${MAILBOX.httpPort}/`): Promise<ReceivedMail[]> {
  return (await (await fetch(url)).json()) as ReceivedMail[];
}

/** The first value `pick` finds in the mail to `to`, newest first, waiting up to 15 s for delivery. */
async function awaitMail<T>(to: string, what: string, pick: (mail: ReceivedMail) => T | undefined): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await receivedMail())
      .filter((mail) => mail.to.includes(to))
      .map(pick)
      .find((value) => value !== undefined);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no email to ${to} with ${what}`);
    await sleep(200);
  }
}

/**
 * The newest link to `pathname` (e.g. `/accept-invitation`) emailed to `to`, as its recipient reads it in the mailbox
 * of the runs (scripts/e2e-mailbox.ts), waiting for delivery; links already followed (`except`) are skipped.
 */
export async function emailedLink(to: string, pathname: string, except: readonly string[] = []): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s\\])]+${pathname}\\?token=[\\w-]+`);
  return awaitMail(to, `a ${pathname} link`, (mail) => {
    const link = mail.text.match(pattern)?.[0];
    return link !== undefined && !except.includes(link) ? link : undefined;
  });
}

/** The subject of the newest email to `to`, waiting for its delivery (the mail job sends after the commit). */
export async function newestSubject(to: string): Promise<string> {
  return awaitMail(to, "a subject", (mail) => mail.subject);
}
