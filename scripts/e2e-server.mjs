// Starts the production build on embedded defaults with a fresh data directory (Playwright's webServer).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const port = process.argv[2] ?? "3210";
const dataDir = mkdtempSync(path.join(tmpdir(), "clubops-e2e-"));
// The flows sign in many times from one address, so the auth limit is raised unless the caller sets it
// (e2e/client-address.spec.ts starts a server of its own with the default to attack it).
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  APP_URL: `http://127.0.0.1:${port}`,
  RATE_LIMIT_AUTH_PER_MINUTE: process.env.RATE_LIMIT_AUTH_PER_MINUTE ?? "500",
};
for (const name of ["DATABASE_URL", "REDIS_URL", "S3_ENDPOINT", "CLICKHOUSE_URL", "EMAIL_RENDERER_URL", "SMTP_URL"]) {
  delete env[name];
}
// Playwright's mailbox (scripts/e2e-mailbox.ts), so specs can follow emailed links.
if (process.env.E2E_SMTP_URL) env.SMTP_URL = process.env.E2E_SMTP_URL;

const server = spawn("bash", ["scripts/start.sh", "-p", port, "-H", "127.0.0.1"], { env, stdio: "inherit" });
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
