import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { expect } from "@playwright/test";

/** A TCP port free on loopback now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

/** `mailboxUrl`: where its own mailbox serves the mail it received, when one was asked for. */
export type OwnServer = { base: string; mailboxUrl?: string; stop: () => Promise<void> };

/**
 * A production server of a spec's own (scripts/e2e-server.mjs: a fresh data directory, and a fresh database on the
 * run's PostgreSQL when there is one) on a free port, with `env` added to the runner's, once it answers; for a spec
 * that needs settings or a clock the shared server must not have; with `mailbox`, a mailbox of its own too
 * (scripts/e2e-mailbox.ts); `embedded`, on the embedded database whatever the run has (the newcomer's first start, and
 * a server whose calendar libfaketime moves, which a database server's clock would not follow).
 */
export async function startOwnServer(
  env: Record<string, string> = {},
  { mailbox = false, embedded = false } = {},
): Promise<OwnServer> {
  if (embedded) env = { ...env, E2E_DATABASE_URL: "" };
  const children: ChildProcess[] = [];
  const port = await freePort();
  let mailboxUrl: string | undefined;
  if (mailbox) {
    const [smtpPort, httpPort] = [await freePort(), await freePort()];
    children.push(
      spawn("node", ["node_modules/.bin/tsx", "scripts/e2e-mailbox.ts", String(smtpPort), String(httpPort)], {
        stdio: "ignore",
      }),
    );
    mailboxUrl = `http://127.0.0.1:${httpPort}/`;
    env = { ...env, E2E_SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
  }
  children.push(
    spawn("node", ["scripts/e2e-server.mjs", String(port)], { env: { ...process.env, ...env }, stdio: "ignore" }),
  );
  const base = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${base}/health/live`).then(
          (reply) => reply.status,
          () => 0,
        ),
      {
        timeout: 150_000,
        intervals: [250],
      },
    )
    .toBe(200);
  const stop = async () => {
    for (const child of children.filter((running) => running.exitCode === null)) {
      child.kill("SIGTERM");
      await once(child, "exit");
    }
  };
  return { base, mailboxUrl, stop };
}
