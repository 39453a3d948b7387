import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { expect } from "@playwright/test";
import { TEST_SETUP_CODE } from "../tests/support/setup-code";

/** A TCP port free on loopback now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

/**
 * `mailboxUrl`: where its own mailbox serves the mail it received, when one was asked for; `setupLink`: the link to the
 * setup wizard the server printed at start, with its setup code, when it was started to print one.
 */
export type OwnServer = {
  base: string;
  mailboxUrl?: string;
  setupLink?: () => Promise<string>;
  stop: () => Promise<void>;
};

/**
 * A production server of a spec's own (scripts/e2e-server.mjs: a fresh data directory, and a fresh database on the
 * run's PostgreSQL when there is one) on a free port, with `env` added to the runner's, once it answers; for a spec
 * that needs settings or a clock the shared server must not have; with `mailbox`, a mailbox of its own too
 * (scripts/e2e-mailbox.ts); `embedded`, on the embedded database whatever the run has (the newcomer's first start, and
 * a server whose calendar libfaketime moves, which a database server's clock would not follow); `printsSetupCode`, without
 * the harnesses' SETUP_CODE, so it derives a code and prints it as a newcomer's server does (the setup wizard's spec).
 */
export async function startOwnServer(
  env: Record<string, string> = {},
  { mailbox = false, embedded = false, printsSetupCode = false } = {},
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
  const serverEnv: NodeJS.ProcessEnv = { ...process.env, SETUP_CODE: TEST_SETUP_CODE, ...env };
  if (printsSetupCode) delete serverEnv.SETUP_CODE;
  const server = spawn("node", ["scripts/e2e-server.mjs", String(port)], {
    env: serverEnv,
    stdio: ["ignore", printsSetupCode ? "pipe" : "ignore", "ignore"],
  });
  children.push(server);
  const printed = printsSetupCode ? setupLinkOf(server) : undefined;
  // Read only by the specs that ask for it: a server stopped before printing is no failure of the others.
  printed?.catch(() => undefined);
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
  return { base, mailboxUrl, ...(printed === undefined ? {} : { setupLink: () => printed }), stop };
}

/** The setup link a starting server logs (lib/setup/setup-code.ts: `setupUrl` of a JSON log line), read from its output. */
function setupLinkOf(server: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: server.stdout! });
    lines.on("line", (line) => {
      const setupUrl = /"setupUrl":"([^"]+)"/.exec(line)?.[1];
      if (setupUrl) resolve(setupUrl);
    });
    server.once("exit", () => reject(new Error("the server ended without printing a setup link")));
  });
}
