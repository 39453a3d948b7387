import "@/tests/support/isolated-env";
import "@/tests/support/registration-open-env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueOneTimeToken } from "@/lib/auth/one-time-tokens";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { users } from "@/lib/platform/db/schema";
import { createAccount, loginAs } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { SETUP_CODE_HEADERS } from "@/tests/support/setup-code";
import { POST as configurePlatform } from "../setup/platform/route";
import { POST as createSuperAdmin } from "../setup/superadmin/route";
import { POST as createUser } from "../users/route";
import { POST as changePassword } from "./change-password/route";
import { POST as login } from "./login/route";
import { POST as register } from "./register/route";
import { POST as resetPassword } from "./reset-password/route";

/**
 * Issue 13, item 13: passwords that met the old composition rules yet are among the first an attacker tries
 * (`Password1234`, `Qwertyuiop12`, the account's own names, the club's name) are refused on every path that sets one.
 */

const CLUB = "Club Náutico Sevilla";
const GUESSABLE = "This password is too easy to guess.";
const NAMED = "Do not include your name, username or email address.";
const CLUB_NAMED = "Do not include the club's name.";
const PASSPHRASE = "lanterns drift past the old quay";

const owner = { email: "marta.ruiz@nautico.example", username: "mruiz", firstName: "Marta", lastName: "Ruiz Ortega" };
let running: Platform;
let adminToken: string;

const refusedFor = (field: string, ...messages: string[]) => ({
  status: 400,
  body: { errors: { [field]: expect.arrayContaining(messages) } },
});
const storedUser = async (email: string) =>
  (await running.database.db.select().from(users).where(eq(users.email, email)))[0];

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  await call(configurePlatform, {
    path: "/api/setup/platform",
    headers: SETUP_CODE_HEADERS,
    body: { platformName: CLUB },
  });
});
afterAll(stopPlatform);

describe("first-run setup", () => {
  it.each([
    ["Password1234", [GUESSABLE, "This is similar to a commonly used password."]],
    ["Qwertyuiop12", [GUESSABLE]],
    ["Marta-Ruiz-1984", [NAMED]],
    ["NauticoSevilla2026", [CLUB_NAMED]],
  ])("refuses the super-admin password %s, saying why, and creates nobody", async (password, reasons) => {
    const reply = await call(createSuperAdmin, {
      path: "/api/setup/superadmin",
      headers: SETUP_CODE_HEADERS,
      body: { ...owner, password },
    });
    expect(reply).toMatchObject(refusedFor("password", ...reasons));
    expect(await storedUser(owner.email)).toBeUndefined();
  });

  it("accepts a passphrase", async () => {
    const reply = await call(createSuperAdmin, {
      path: "/api/setup/superadmin",
      headers: SETUP_CODE_HEADERS,
      body: { ...owner, password: PASSPHRASE },
    });
    expect(reply.status).toBe(201);
    adminToken = String(reply.body.accessToken);
  });
});

describe("every other path that sets a password", () => {
  const staff = { email: "pablo.gil@nautico.example", username: "pgil", firstName: "Pablo", lastName: "Gil" };

  it("refuses a weak temporary password when staff create an account", async () => {
    const create = (password: string) =>
      call(createUser, { path: "/api/users", token: adminToken, body: { ...staff, password, roles: ["Employee"] } });
    expect(await create("Qwertyuiop12")).toMatchObject(refusedFor("password", GUESSABLE));
    expect(await create("pablo.gil-temporal")).toMatchObject(refusedFor("password", NAMED));
    expect(await storedUser(staff.email)).toBeUndefined();
    expect((await create("Velas al viento de poniente")).status).toBe(201);
  });

  it("refuses a weak password at sign-up", async () => {
    const applicant = { email: "lucia@example.org", username: "lucia_v", firstName: "Lucía", lastName: "Vega" };
    const signUp = (password: string) =>
      call(register, { path: "/api/auth/register", body: { ...applicant, password } });
    expect(await signUp("Password1234")).toMatchObject(refusedFor("password", GUESSABLE));
    expect(await signUp("Lucia-Vega-Remo")).toMatchObject(refusedFor("password", NAMED));
    expect(await storedUser(applicant.email)).toBeUndefined();
    expect((await signUp("Velas al viento de poniente")).status).toBe(202);
  });

  it("refuses a weak new password at a password change, and keeps the old one", async () => {
    const account = await createAccount(adminToken, ["Employee"]);
    const change = (newPassword: string) =>
      call(changePassword, {
        path: "/api/auth/change-password",
        token: account.token,
        body: { currentPassword: account.password, newPassword },
      });
    expect(await change("Qwertyuiop12")).toMatchObject(refusedFor("newPassword", GUESSABLE));
    expect(await change("Sam-Staff-Sundays")).toMatchObject(refusedFor("newPassword", NAMED));
    expect(await change("club nautico sevilla")).toMatchObject(refusedFor("newPassword", CLUB_NAMED));
    expect(await loginAs(account.email, account.password)).toEqual(expect.any(String));
  });

  it("refuses a weak new password from a reset link, which stays usable", async () => {
    const [user] = await running.database.db.select({ id: users.id }).from(users).where(eq(users.email, owner.email));
    const token = await issueOneTimeToken(running.database.db, user!.id, "reset_password", 30);
    const reset = (newPassword: string) =>
      call(resetPassword, { path: "/api/auth/reset-password", body: { token, newPassword } });
    expect(await reset("Password1234")).toMatchObject(
      refusedFor("newPassword", GUESSABLE, "This is similar to a commonly used password."),
    );
    expect(await reset("Sevilla-Marta-2026")).toMatchObject(refusedFor("newPassword", NAMED, CLUB_NAMED));
    expect((await reset("tide tables and brass lanterns")).status).toBe(204);
    expect(
      (
        await call(login, {
          path: "/api/auth/login",
          body: { email: owner.email, password: "tide tables and brass lanterns" },
        })
      ).status,
    ).toBe(200);
  });
});
