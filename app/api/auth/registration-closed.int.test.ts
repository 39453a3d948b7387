import "@/tests/support/isolated-env";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { mailOutbox, users } from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as register } from "./register/route";

let running: Platform;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  await completeSetup();
});
afterAll(stopPlatform);

it("refuses sign-up unless REGISTRATION_ENABLED: 403 Auth.RegistrationDisabled, no account, no mail", async () => {
  const [accountsBefore, mailBefore] = await Promise.all([
    running.database.db.$count(users),
    running.database.db.$count(mailOutbox),
  ]);
  const reply = await call(register, {
    path: "/api/auth/register",
    body: {
      email: "walk.in@club.example",
      username: "walkin",
      password: "Walking-In-Passw0rd",
      firstName: "Walter",
      lastName: "In",
    },
  });
  expect(reply).toMatchObject({
    status: 403,
    body: { code: "Auth.RegistrationDisabled", message: expect.stringContaining("invite") },
  });
  expect(await running.database.db.$count(users)).toBe(accountsBefore);
  expect(await running.database.db.$count(mailOutbox)).toBe(mailBefore);
  expect(await running.database.db.select().from(users).where(sql`email = 'walk.in@club.example'`)).toEqual([]);
});
