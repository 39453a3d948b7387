import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { jsonApi, setUpClub } from "@/bench/club-api";
import { type PostgresServer, startPostgres } from "@/tests/reliability/services";
import { type AppInstance, startAppInstance } from "./app-instance";

// Issue 28 items 4 and 7: after a PostgreSQL restart an instance kept answering ~1 % of its requests 503 after a
// 3-second CONNECT_TIMEOUT for 25–50 s. postgres.js 3.4.9 left a connection whose socket died with a write still
// buffered unable to flush again: its next connection attempt never sent the startup message (PostgreSQL logged
// "connection received" and nothing more, every 3 s) until the buffered bytes went out as an "invalid length of
// startup packet" (porsager/postgres#1209, not released; patches/postgres+3.4.9.patch applies the fix). Measured on
// one instance with 24 clients: 36–54 such 503s from 5 s after the restart before the patch, none after it.

const CLIENTS = 24;
const BEFORE_MS = 3_000;
const AFTER_MS = 15_000;
/** The restart itself may cost what was in flight; from this long after it, every request must be answered well. */
const SETTLED_MS = 3_000;

type Answer = { startedAt: number; status: number; ms: number; write: boolean };

let server: PostgresServer;
let app: AppInstance;
let token: string;
const root = mkdtempSync(path.join(tmpdir(), "clubops-pg-restart-"));

beforeAll(async () => {
  server = await startPostgres();
  app = await startAppInstance({
    env: {
      DATABASE_URL: server.url,
      DATA_DIR: path.join(root, "app"),
      LOG_LEVEL: "warn",
      EMBEDDED_SCHEDULER: "false",
      RATE_LIMIT_AUTH_PER_MINUTE: "100000",
      RATE_LIMIT_SETUP_PER_MINUTE: "100000",
    },
  });
  token = (await setUpClub(jsonApi(app.base))).accessToken;
}, 120_000);

afterAll(async () => {
  await app?.stop();
  await server?.destroy();
  rmSync(root, { recursive: true, force: true });
});

/** One client: reads the member list, and every third request adds a member, until `until`. */
async function client(id: number, until: () => boolean, answers: Answer[]): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  for (let n = 0; !until(); n += 1) {
    const write = n % 3 === 0;
    const startedAt = performance.now();
    const reply = write
      ? await fetch(`${app.base}/api/members`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            firstName: "Restart",
            lastName: `Load ${id}-${n}`,
            email: `load.${id}.${n}@x.example`,
          }),
        })
      : await fetch(`${app.base}/api/members?pageSize=5`, { headers });
    await reply.arrayBuffer();
    answers.push({ startedAt, status: reply.status, ms: performance.now() - startedAt, write });
  }
}

it("answers every request well from a few seconds after a PostgreSQL restart, and keeps every acknowledged write", async () => {
  const answers: Answer[] = [];
  let done = false;
  const clients = Array.from({ length: CLIENTS }, (_, id) => client(id, () => done, answers));
  await new Promise((resolve) => setTimeout(resolve, BEFORE_MS));
  await server.stop();
  await server.start();
  const restartedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
  done = true;
  await Promise.all(clients);

  const settled = answers.filter((answer) => answer.startedAt > restartedAt + SETTLED_MS);
  expect(settled.length).toBeGreaterThan(CLIENTS * 10);
  const failed = settled.filter((answer) => answer.status >= 500);
  const slow = settled.filter((answer) => answer.ms > 2_000);
  expect({ failed: failed.length, slow: slow.length }).toEqual({ failed: 0, slow: 0 });

  // Every member the API said it stored is there; a write cut by the restart is there at most once.
  const acknowledged = answers.filter((answer) => answer.write && answer.status === 201).length;
  const unanswered = answers.filter((answer) => answer.write && answer.status >= 500).length;
  const sql = postgres(server.url, { max: 1, onnotice: () => {} });
  const [{ stored }] = await sql<[{ stored: number }]>`
    select count(*)::int as stored from members where first_name = 'Restart'`;
  await sql.end();
  expect(stored).toBeGreaterThanOrEqual(acknowledged);
  expect(stored).toBeLessThanOrEqual(acknowledged + unanswered);
}, 120_000);
