import path from "node:path";
import { defineConfig } from "vitest/config";
import { TEST_SETUP_CODE } from "./tests/support/setup-code";

// "server-only" throws unless resolved under React's server condition, which Next.js sets for server code and
// vitest does not: tests run console/server modules as the server would.
const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
};
// Tests assert on responses; set LOG_LEVEL=debug to see the service's logs while debugging one.
const env = { LOG_LEVEL: process.env.LOG_LEVEL ?? "silent", EMBEDDED_SCHEDULER: "false" };
// The suites create and sign in hundreds of accounts: hashes at 1,000 PBKDF2 iterations instead of 210,000 (about
// 0.5 ms instead of 105 ms each). lib/auth/password.test.ts (unit) proves the production cost and stored format, and
// the sign-up timing test restores it.
const serviceEnv = { ...env, PASSWORD_HASH_ITERATIONS: "1000", SETUP_CODE: TEST_SETUP_CODE };

/** Integration files that prove an embedded component alone, the same on any database: the embedded lane runs them. */
const EMBEDDED_ONLY = [
  "lib/platform/data-dir.int.test.ts",
  "lib/platform/storage/*.int.test.ts",
  "lib/platform/smtp/*.int.test.ts",
  "lib/platform/email-renderer/*.int.test.ts",
  "lib/platform/analytics/*.int.test.ts",
];

/**
 * A lane of integration files (docs/reliability.md, "Lanes"): each file gets its own copy of one migrated database
 * (tests/support/database-templates.ts, copied by isolated-env), so files run in parallel, one per core.
 */
function integrationLane(name: string, include: string[], exclude: string[] = []) {
  return {
    resolve: { alias },
    test: {
      name,
      include,
      exclude: ["node_modules/**", ".next/**", ...exclude],
      environment: "node" as const,
      env: serviceEnv,
      testTimeout: 60_000,
      hookTimeout: 60_000,
      globalSetup: ["tests/support/database-templates.ts"],
      maxWorkers: 2,
    },
  };
}

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "lib/**/*.test.ts",
            "app/**/*.test.ts",
            "console/**/*.test.ts",
            "emails/**/*.test.ts",
            "inngest/**/*.test.ts",
            "clients/**/*.test.ts",
          ],
          exclude: ["**/*.int.test.ts"],
          environment: "node",
          env,
        },
      },
      // The main lane: every integration file on the run's database (scripts/test.sh: real PostgreSQL 15 and Redis),
      // less the proofs of embedded components, which the embedded lane makes.
      integrationLane("integration", ["**/*.int.test.ts"], EMBEDDED_ONLY),
      // What proves the embedded default (scripts/test.sh runs it without DATABASE_URL and REDIS_URL: PGlite, the
      // in-memory cache, s3rver, chDB, the in-process renderer, the SMTP sink): the adapters, migrations and the data
      // directory, the health of every embedded component, and journeys over the operations (the documented answers of
      // every route group, the generated client).
      integrationLane("embedded", [
        ...EMBEDDED_ONLY,
        "lib/platform/db/schema.int.test.ts",
        "lib/platform/db/transaction.int.test.ts",
        "lib/health/readiness.int.test.ts",
        "app/api/contract.int.test.ts",
        "app/api/openapi.json/openapi.int.test.ts",
        "clients/typescript/client.int.test.ts",
      ]),
      // What a transaction pooler changes (scripts/test.sh runs it through PgBouncer in transaction mode): the files
      // that rely on server session state: transactions and their SET LOCAL, prepared statements, the pooler gate,
      // migrations and their lock, Idempotency-Keys, job slots and claims (SKIP LOCKED), and the races. Nothing in
      // lib/ holds session state across statements (lib/platform/db/pooler-safe-sql.test.ts).
      integrationLane("pooled", [
        "lib/platform/db/*.int.test.ts",
        "lib/attendance/requests.int.test.ts",
        "lib/attendance/daily-classification.int.test.ts",
        "lib/audit/forwarder.int.test.ts",
        "lib/subscriptions/jobs.int.test.ts",
        "app/api/idempotency.int.test.ts",
        "app/api/jobs/*.int.test.ts",
        "app/api/setup/setup.int.test.ts",
        "app/api/auth/refresh-retry.int.test.ts",
        "app/api/members/enroll/enroll.int.test.ts",
      ]),
      {
        resolve: { alias },
        test: {
          // `npm run test:reliability` (scripts/test-reliability.sh): fuzzing, faults and security checks, docs/reliability.md.
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          environment: "node",
          env: serviceEnv,
          testTimeout: 300_000,
          hookTimeout: 180_000,
          globalSetup: ["tests/support/database-templates.ts"],
          // Each file starts its own servers or shares the run's database; one after another.
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // scripts/test-operations.sh, after the production build: production instances behind haproxy, Prometheus,
          // pgbouncer and an OTLP receiver (docs/reliability.md, "Operations").
          name: "operations",
          include: ["tests/operations/**/*.test.ts"],
          environment: "node",
          env,
          testTimeout: 600_000,
          hookTimeout: 300_000,
          // Each file starts its own servers; one after another.
          fileParallelism: false,
        },
      },
    ],
  },
});
