import "@/tests/support/isolated-env";
import "@/tests/support/registration-open-env";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/auth/password";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, oneTimeTokens, users } from "@/lib/platform/db/schema";
import { completeSetup } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { mailedToken, waitForMail } from "@/tests/support/mail";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as runJob } from "../jobs/[name]/run/route";
import { POST as addStaffMember } from "../staff/route";
import { PUT as assignRoles } from "../users/[id]/roles/route";
import { POST as createUser } from "../users/route";
import { POST as acceptInvitation } from "./accept-invitation/route";
import { POST as login } from "./login/route";
import { POST as register } from "./register/route";
import { POST as verifyEmail } from "./verify-email/route";

// Issue 28 item 8: an anonymous caller signs up with a future staff member's address and a password of their own,
// hoping staff give that account a role and its owner later confirms the address.

let running: Platform;
let adminToken: string;

/** The attacker's sign-up: their password and a name that is a message, for the address they do not own. */
const attempt = (email: string, extra: object = {}) => ({
  email,
  username: `pre.${email.split("@")[0]}`,
  password: "Harbour-Kite-Sunset-7",
  firstName: "Urgent Visit The Desk",
  lastName: "Mallory",
  ...extra,
});
const signUp = (body: object) => call(register, { path: "/api/auth/register", body });
const signIn = (email: string, password: string) => call(login, { path: "/api/auth/login", body: { email, password } });
const accountOf = async (email: string) =>
  (await running.database.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`))[0];
const auditOf = async (action: string, entityId: string) =>
  running.database.db
    .select()
    .from(auditOutbox)
    .where(and(eq(auditOutbox.action, action), eq(auditOutbox.entityId, entityId)));

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  adminToken = await completeSetup();
});
afterAll(stopPlatform);

describe("a sign-up for someone else's address", () => {
  it("gives the account no usable password and sends the address nothing the applicant typed", async () => {
    const email = "future.coach@club.example";
    expect((await signUp(attempt(email))).status).toBe(202);
    const account = await accountOf(email);
    expect(account).toMatchObject({ emailVerifiedAt: null, invitedAt: null });
    // The account's own hash is nobody's password; the applicant's waits on the link.
    expect((await verifyPassword("Harbour-Kite-Sunset-7", account!.passwordHash)).valid).toBe(false);
    const [link] = await running.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, account!.id));
    expect((await verifyPassword("Harbour-Kite-Sunset-7", link!.passwordHash!)).valid).toBe(true);
    // Before the address is proven the right password is told to confirm it; a wrong one is a wrong one.
    expect((await signIn(email, "Harbour-Kite-Sunset-7")).body).toMatchObject({ code: "Auth.EmailNotVerified" });
    expect((await signIn(email, "Other-Guess-2222")).body).toMatchObject({ code: "Auth.InvalidCredentials" });

    const mail = await waitForMail(running.mailer, email);
    for (const typed of ["Urgent Visit", "Mallory", "pre.future"]) {
      expect(mail.text).not.toContain(typed);
      expect(mail.html).not.toContain(typed);
    }
    expect(mail.text).toContain("Someone, we hope you, has signed up");
  });

  it("cannot be given a role while unconfirmed: 409 User.UnconfirmedSignUp, nothing changes", async () => {
    const email = "future.manager@club.example";
    await signUp(attempt(email));
    const account = await accountOf(email);
    const reply = await call(assignRoles, {
      path: `/api/users/${account!.id}/roles`,
      method: "PUT",
      params: { id: account!.id },
      token: adminToken,
      body: { roles: ["Admin"] },
    });
    expect(reply).toMatchObject({ status: 409, body: { code: "User.UnconfirmedSignUp" } });
    expect((await accountOf(email))!.version).toBe(account!.version);
    expect(await auditOf("users.roles_assigned", account!.id)).toEqual([]);
  });

  it("is replaced by staff's invitation: the applicant's link and password die, the owner's invitation works", async () => {
    const email = "future.receptionist@club.example";
    await signUp(attempt(email));
    const applicantsLink = await mailedToken(running.mailer, email, "/verify-email");
    const signedUp = await accountOf(email);

    const invited = await call<{ user: { id: string; roles: string[] } }>(addStaffMember, {
      path: "/api/staff",
      token: adminToken,
      body: { email, firstName: "Rosa", lastName: "Recepción", roles: ["Employee"] },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.user.id).not.toBe(signedUp!.id);
    expect(await accountOf(email)).toMatchObject({ id: invited.body.user.id, firstName: "Rosa" });
    expect(await auditOf("auth.sign_up_discarded", signedUp!.id)).toMatchObject([
      { severity: "Info", data: { reason: "replaced_by_staff_account" } },
    ]);

    // The owner follows the applicant's old link: it is gone, with the password it carried.
    expect(
      (await call(verifyEmail, { path: "/api/auth/verify-email", body: { token: applicantsLink } })).body,
    ).toMatchObject({ code: "Auth.InvalidLink" });
    expect((await signIn(email, "Harbour-Kite-Sunset-7")).body).toMatchObject({ code: "Auth.InvalidCredentials" });
    // The owner accepts the invitation and signs in with the role staff gave.
    const invitation = await mailedToken(running.mailer, email, "/accept-invitation");
    const accepted = await call(acceptInvitation, {
      path: "/api/auth/accept-invitation",
      body: { token: invitation, newPassword: "Lantern-Meadow-Quill-8" },
    });
    expect(accepted.status).toBe(204);
    expect(await signIn(email, "Lantern-Meadow-Quill-8")).toMatchObject({ status: 200, body: { role: "Employee" } });
  });

  it("is replaced by a staff-made account too", async () => {
    const email = "future.accountant@club.example";
    await signUp(attempt(email));
    const created = await call(createUser, {
      path: "/api/users",
      token: adminToken,
      body: {
        email,
        username: "accountant",
        password: "Temporary-Passw0rd-9",
        firstName: "Ana",
        lastName: "Cuentas",
        roles: ["Employee"],
      },
    });
    expect(created.status).toBe(201);
    expect(await signIn(email, "Temporary-Passw0rd-9")).toMatchObject({ status: 200 });
  });

  it("is deleted by the hourly job once its link has expired, with an audit entry; a live one stays", async () => {
    const expired = "expired.signup@club.example";
    const live = "live.signup@club.example";
    await signUp(attempt(expired));
    await signUp(attempt(live));
    const stale = await accountOf(expired);
    // A day and a minute ago.
    await running.database.db.execute(
      sql`update users set created_at = now() - interval '1441 minutes' where id = ${stale!.id}`,
    );
    await running.database.db.execute(
      sql`update one_time_tokens set expires_at = now() - interval '1 minute' where user_id = ${stale!.id}`,
    );
    const reply = await call<{ outcome: Record<string, number> }>(runJob, {
      path: "/api/jobs/purge-unconfirmed-sign-ups/run",
      params: { name: "purge-unconfirmed-sign-ups" },
      token: adminToken,
      body: {},
    });
    expect(reply).toMatchObject({ status: 200, body: { outcome: { purged: 1 } } });
    expect(await accountOf(expired)).toBeUndefined();
    expect(await accountOf(live)).toBeDefined();
    expect(await auditOf("auth.sign_up_purged", stale!.id)).toMatchObject([
      { actorId: null, data: { reason: "link_expired" } },
    ]);
  });

  it("becomes the owner's account when the owner follows the link: the password chosen applies from then", async () => {
    const email = "real.applicant@club.example";
    await signUp(attempt(email, { password: "Genuinely-Mine-42", firstName: "Nuria", lastName: "Nueva" }));
    const token = await mailedToken(running.mailer, email, "/verify-email");
    expect((await call(verifyEmail, { path: "/api/auth/verify-email", body: { token } })).status).toBe(204);
    expect(await signIn(email, "Genuinely-Mine-42")).toMatchObject({ status: 200, body: { role: "User" } });
  });

  it("a taken username is told without repeating what was typed", async () => {
    const email = "username.clash@club.example";
    await signUp(attempt("first.holder@club.example", { username: "popular.name" }));
    expect((await signUp(attempt(email, { username: "popular.name" }))).status).toBe(202);
    const mail = await waitForMail(running.mailer, email);
    expect(mail.subject).toContain("needs another username");
    for (const typed of ["popular.name", "Urgent Visit", "Mallory"]) expect(mail.text).not.toContain(typed);
  });
});
