import { execFileSync } from "node:child_process";

/**
 * The faults test's servers, by port, in the configuration before any module reads it (the logger reads it on
 * import): ports are reserved synchronously here, and the test starts the servers on them. Import after isolated-env.
 */
const freePortNow = () =>
  Number(
    execFileSync(process.execPath, [
      "-e",
      'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})',
    ])
      .toString()
      .trim(),
  );

export const FAULT_PORTS = { postgres: freePortNow(), redis: freePortNow(), s3: freePortNow(), smtp: freePortNow() };
export const CONNECT_TIMEOUT_SECONDS = 2;
/** A request's database work is given up on after this (DATABASE_REQUEST_DEADLINE_MS; 20 s by default). */
export const REQUEST_DEADLINE_MS = 3000;

Object.assign(process.env, {
  DATABASE_URL: `postgres://postgres@127.0.0.1:${FAULT_PORTS.postgres}/postgres`,
  DATABASE_CONNECT_TIMEOUT_SECONDS: String(CONNECT_TIMEOUT_SECONDS),
  DATABASE_REQUEST_DEADLINE_MS: String(REQUEST_DEADLINE_MS),
  REDIS_URL: `redis://127.0.0.1:${FAULT_PORTS.redis}`,
  REDIS_COMMAND_TIMEOUT_MS: "500",
  S3_ENDPOINT: `http://127.0.0.1:${FAULT_PORTS.s3}`,
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  S3_FORCE_PATH_STYLE: "true",
  S3_CHECKSUM_WHEN_REQUIRED: "true",
  // Nothing listens here until the SMTP test starts its sink: mail waits in the outbox until then.
  SMTP_URL: `smtp://127.0.0.1:${FAULT_PORTS.smtp}`,
});
