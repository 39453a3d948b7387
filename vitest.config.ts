import path from "node:path";
import { defineConfig } from "vitest/config";

// "server-only" throws unless resolved under React's server condition, which Next.js sets for server code and
// vitest does not: tests run console/server modules as the server would.
const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
};
// Tests assert on responses; set LOG_LEVEL=debug to see the service's logs while debugging one.
const env = { LOG_LEVEL: process.env.LOG_LEVEL ?? "silent", EMBEDDED_SCHEDULER: "false" };

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
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          exclude: ["node_modules/**", ".next/**"],
          environment: "node",
          env,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Suites share one database and servers; run files one after another.
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // `npm run test:reliability` (scripts/test-reliability.sh): fuzzing, faults and security checks, docs/reliability.md.
          name: "reliability",
          include: ["tests/reliability/**/*.test.ts"],
          environment: "node",
          env,
          testTimeout: 300_000,
          hookTimeout: 180_000,
          // Each file starts its own servers or shares the run's database; one after another.
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "operations",
          include: ["tests/operations/**/*.test.ts"],
          environment: "node",
          env,
          testTimeout: 600_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
