import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { mailboxPorts } from "./e2e/mailbox-ports";
import { TEST_SETUP_CODE } from "./tests/support/setup-code";

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
/** The SMTP server the app sends to during the runs, and where specs read what it received (e2e/mailbox.ts). */
const MAILBOX = mailboxPorts(port);
/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, the binary Playwright itself runs headless)
 * when installed, else the whole browser. The whole browser opens a window's worth of its own interface pages and a
 * GPU process for every context: the same two spec files took 172 s and 233 CPU-seconds in it, 119 s and 189 in the
 * shell (docs/performance.md). `E2E_CHROMIUM` chooses another.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "e2e",
  // Specs make their own records (e2e/support.ts, unique) on the server e2e/global.setup.ts installs, or run on one of
  // their own (onOwnServer): none depends on another or on the order of files.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 120_000,
  // Two workers share the machine's two cores with the servers and the specs' own servers, whose first requests load
  // the whole app (measured 38 s on a busy machine): a sign-in or a list can take longer than 10 s to show.
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "setup", testMatch: /global\.setup\.ts$/ },
    {
      name: "chromium",
      dependencies: ["setup"],
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: chromium,
          // Downloads named with non-ASCII characters ("Contrato año 1.pdf") are saved as "download" by a browser
          // started without a UTF-8 locale (an environment with no LANG): fix it whatever the caller's is.
          env: { ...process.env, LC_ALL: "C.UTF-8" },
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  // The production build on embedded defaults, with a throw-away data directory.
  webServer: [
    {
      command: `node node_modules/.bin/tsx scripts/e2e-mailbox.ts ${MAILBOX.smtpPort} ${MAILBOX.httpPort}`,
      url: `http://127.0.0.1:${MAILBOX.httpPort}/`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `node scripts/e2e-server.mjs ${port}`,
      url: `${baseURL}/health/live`,
      env: { E2E_SMTP_URL: `smtp://127.0.0.1:${MAILBOX.smtpPort}`, SETUP_CODE: TEST_SETUP_CODE },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
