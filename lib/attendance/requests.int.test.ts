import "@/tests/support/isolated-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryCache } from "@/lib/platform/cache/memory";
import type { DatabaseAdapter } from "@/lib/platform/db";
import { createPostgresDatabase } from "@/lib/platform/db/postgres";
import { users } from "@/lib/platform/db/schema";
import { directDatabaseUrl } from "@/tests/support/postgres-databases";
import { resetDatabase } from "@/tests/support/reset-database";
import { addEmployee } from "@/tests/support/staff";
import type { AttendanceWriteContext } from "./context";
import { submitRequest } from "./requests";

const url = directDatabaseUrl();
const NOW = new Date("2026-03-20T12:00:00Z");

// On one connection, the insert's prepared statement runs often enough for PostgreSQL to cache a generic plan.
describe.runIf(url)("correction requests on one PostgreSQL connection", () => {
  let database: DatabaseAdapter;
  let ctx: AttendanceWriteContext;
  let userId: string;

  beforeAll(async () => {
    database = createPostgresDatabase({ url: url!, poolMax: 1, connectTimeoutSeconds: 3, statementTimeoutMs: 10_000 });
    await database.migrate();
    await resetDatabase(database);
    const [user] = await database.db
      .insert(users)
      .values({
        email: "one-connection@club.example",
        username: "one-connection",
        firstName: "Ana",
        lastName: "García",
        passwordHash: "x",
      })
      .returning({ id: users.id });
    userId = user!.id;
    await addEmployee(database.db, userId);
    ctx = {
      db: database.db,
      cache: createMemoryCache(),
      club: { timeZone: "Europe/Madrid", language: "en" },
      keys: { cursor: new Uint8Array(32) },
      now: () => NOW,
      actor: { id: userId, permissions: [] },
    };
  });
  afterAll(() => database.close());

  const correction = (date: string) => ({
    date,
    checkIn: `${date}T08:00:00Z`,
    checkOut: `${date}T16:00:00Z`,
    reason: "Forgot to clock in",
  });

  it("keeps finding the one-Open-request index as the ON CONFLICT arbiter after many submissions", async () => {
    const dates = ["2026-03-13", "2026-03-14", "2026-03-15", "2026-03-16", "2026-03-17", "2026-03-18", "2026-03-19"];
    for (const date of dates) expect((await submitRequest(ctx, correction(date))).ok, date).toBe(true);
    for (const date of dates) {
      expect(await submitRequest(ctx, correction(date))).toMatchObject({
        ok: false,
        error: { code: "AttendanceRequest.DuplicateOpen" },
      });
    }
  });
});
