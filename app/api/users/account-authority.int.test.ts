import "@/tests/support/isolated-env";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, mailOutbox, users } from "@/lib/platform/db/schema";
import { type Account, completeSetup, createAccount } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { waitForMail } from "@/tests/support/mail";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as confirmEmailChange } from "../auth/confirm-email-change/route";
import { POST as forgotPassword } from "../auth/forgot-password/route";
import { POST as login } from "../auth/login/route";
import { GET as me } from "../auth/me/route";
import { POST as createRole } from "../roles/route";
import { POST as blacklist, DELETE as liftBlacklist } from "./[id]/blacklist/route";
import { PUT as assignRoles } from "./[id]/roles/route";
import { DELETE as deactivateUser, GET as getUser, PUT as updateUser } from "./[id]/route";
import { POST as createUser } from "./route";

type User = {
  id: string;
  email: string;
  pendingEmail: string | null;
  roles: string[];
  isActive: boolean;
  isBlacklisted: boolean;
  emailVerified: boolean;
  code?: string;
};

let running: Platform;
let superAdminToken: string;
/** Holds only users:read and users:write: the hostile staff member of issue 13. */
let userManager: Account;

const userPath = (id: string, tail = "") => ({ path: `/api/users/${id}${tail}`, params: { id } });
const read = async (id: string) => (await call<User>(getUser, { ...userPath(id), token: superAdminToken })).body;
const profileOf = (user: User, changes: object = {}) => ({
  email: user.email,
  username: `u${user.id.slice(0, 8)}`,
  firstName: "Changed",
  lastName: "Name",
  isActive: user.isActive,
  ...changes,
});
const edit = async (token: string, id: string, changes: object = {}) =>
  call<User>(updateUser, { ...userPath(id), method: "PUT", token, body: profileOf(await read(id), changes) });
const setRoles = (token: string, id: string, roles: string[]) =>
  call<User>(assignRoles, { ...userPath(id, "/roles"), method: "PUT", token, body: { roles } });
const refusalsBy = (actorId: string) =>
  running.database.db
    .select()
    .from(auditOutbox)
    .where(and(eq(auditOutbox.action, "users.change_refused"), eq(auditOutbox.actorId, actorId)));
const mailsTo = (to: string, template?: string) =>
  running.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), template ? eq(mailOutbox.template, template) : undefined));
/** The token of the confirmation link in the mail the new address actually received. */
const linkTokenIn = (text: string) => /\/confirm-email-change\?token=([\w-]+)/.exec(text)?.[1] ?? "";

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  superAdminToken = await completeSetup();
  const role = await call(createRole, {
    path: "/api/roles",
    token: superAdminToken,
    body: { name: "User managers", permissions: ["users:read", "users:write"] },
  });
  expect(role.status).toBe(201);
  userManager = await createAccount(superAdminToken, ["User managers"]);
});
afterAll(stopPlatform);

describe("issue 13 attack: a users:write holder takes over an Admin", () => {
  it("cannot point the Admin's email at their own address, so forgot/reset never reaches them", async () => {
    const admin = await createAccount(superAdminToken, ["Admin"]);
    const before = await read(admin.id);

    const redirected = await edit(userManager.token, admin.id, { email: "attacker@evil.example" });
    expect(redirected).toMatchObject({ status: 403, body: { code: "User.ProtectedAccount" } });
    expect(await read(admin.id)).toEqual(before);
    expect(await refusalsBy(userManager.id)).toContainEqual(
      expect.objectContaining({
        severity: "Warning",
        entityId: admin.id,
        data: expect.objectContaining({ change: "update", code: "User.ProtectedAccount" }),
      }),
    );

    // The attacker asks for a reset of "their" address, then of the Admin's: no link ever reaches the attacker.
    for (const email of ["attacker@evil.example", admin.email]) {
      expect((await call(forgotPassword, { path: "/api/auth/forgot-password", body: { email } })).status).toBe(202);
    }
    expect(await mailsTo("attacker@evil.example")).toEqual([]);
    expect(await mailsTo(admin.email, "password-reset")).toHaveLength(1);
    const signIn = await call(login, {
      path: "/api/auth/login",
      body: { email: "attacker@evil.example", password: "Attacker-Passw0rd" },
    });
    expect(signIn).toMatchObject({ status: 401, body: { code: "Auth.InvalidCredentials" } });
    expect(
      (await call(login, { path: "/api/auth/login", body: { email: admin.email, password: admin.password } })).body,
    ).toMatchObject({ role: "Admin" });
  });

  it("cannot replace the Admin's roles, block, deactivate or unblock them: 403 each, audited, nothing changed", async () => {
    const admin = await createAccount(superAdminToken, ["Admin"]);
    const blocked = await createAccount(superAdminToken, ["Admin"]);
    expect(
      (
        await call(blacklist, {
          ...userPath(blocked.id, "/blacklist"),
          token: superAdminToken,
          body: { reason: "On leave" },
        })
      ).status,
    ).toBe(200);
    const refusedBefore = (await refusalsBy(userManager.id)).length;

    const attempts = [
      await setRoles(userManager.token, admin.id, ["User"]),
      await call<User>(blacklist, {
        ...userPath(admin.id, "/blacklist"),
        token: userManager.token,
        body: { reason: "Takeover" },
      }),
      await call<User>(deactivateUser, { ...userPath(admin.id), method: "DELETE", token: userManager.token }),
      await edit(userManager.token, admin.id, { isActive: false }),
      await call<User>(liftBlacklist, {
        ...userPath(blocked.id, "/blacklist"),
        method: "DELETE",
        token: userManager.token,
      }),
    ];
    for (const attempt of attempts)
      expect(attempt).toMatchObject({ status: 403, body: { code: "User.ProtectedAccount" } });

    expect(await read(admin.id)).toMatchObject({ roles: ["Admin"], isActive: true, isBlacklisted: false });
    expect(await read(blocked.id)).toMatchObject({ isBlacklisted: true });
    expect((await call(me, { path: "/api/auth/me", token: admin.token })).status).toBe(200);
    const refusals = (await refusalsBy(userManager.id)).slice(refusedBefore);
    expect(refusals.map((row) => (row.data as { change: string }).change)).toEqual([
      "assign_roles",
      "blacklist",
      "deactivate",
      "deactivate",
      "lift_blacklist",
    ]);
    expect(refusals.every((row) => row.severity === "Warning")).toBe(true);
  });

  it("cannot take away a role whose permissions they lack, nor hand one out", async () => {
    const employee = await createAccount(superAdminToken, ["Employee", "User"]);
    const member = await createAccount(superAdminToken, ["User"]);

    const removal = await setRoles(userManager.token, employee.id, ["User"]);
    expect(removal).toMatchObject({ status: 403, body: { code: "User.ProtectedAccount" } });
    expect((await read(employee.id)).roles).toEqual(["Employee", "User"]);

    const grant = await setRoles(userManager.token, member.id, ["Admin"]);
    expect(grant).toMatchObject({ status: 403, body: { code: "Role.CannotGrant" } });
    expect((await read(member.id)).roles).toEqual(["User"]);
    expect(await refusalsBy(userManager.id)).toContainEqual(
      expect.objectContaining({
        entityId: member.id,
        data: expect.objectContaining({ change: "assign_roles", code: "Role.CannotGrant" }),
      }),
    );
  });

  it("still manages accounts that hold nothing beyond their own permissions, but never their own roles or block", async () => {
    const member = await createAccount(superAdminToken, ["User"]);
    expect(await edit(userManager.token, member.id, { firstName: "Mia" })).toMatchObject({
      status: 200,
      body: { firstName: "Mia" },
    });
    expect(await setRoles(userManager.token, member.id, ["User managers"])).toMatchObject({
      status: 200,
      body: { roles: ["User managers"] },
    });
    const path = userPath(member.id, "/blacklist");
    expect((await call(blacklist, { ...path, token: userManager.token, body: { reason: "Unpaid fees" } })).status).toBe(
      200,
    );
    expect((await call(liftBlacklist, { ...path, method: "DELETE", token: userManager.token })).status).toBe(200);

    expect(await setRoles(userManager.token, userManager.id, ["User managers", "User"])).toMatchObject({
      status: 409,
      body: { code: "User.CannotModifySelf" },
    });
    const selfBlock = await call(blacklist, {
      ...userPath(userManager.id, "/blacklist"),
      token: userManager.token,
      body: { reason: "x" },
    });
    expect(selfBlock).toMatchObject({ status: 409, body: { code: "User.CannotModifySelf" } });
  });

  it("lets an Admin manage another Admin (same permissions) but not the super-admin", async () => {
    const admin = await createAccount(superAdminToken, ["Admin"]);
    const peer = await createAccount(superAdminToken, ["Admin"]);
    expect(await edit(admin.token, peer.id, { firstName: "Pat" })).toMatchObject({
      status: 200,
      body: { firstName: "Pat" },
    });
    const ownerId = String((await call(me, { path: "/api/auth/me", token: superAdminToken })).body.id);
    expect(await edit(admin.token, ownerId, { firstName: "Mallory" })).toMatchObject({
      status: 403,
      body: { code: "User.ProtectedAccount" },
    });
  });
});

describe("email changes made through user management wait for the new address", () => {
  it("keeps the old address until the link mailed to the new one is followed; then sessions end and the old address is told", async () => {
    const account = await createAccount(superAdminToken, ["User"]);
    const newEmail = "sam.new@elsewhere.example";

    const requested = await edit(superAdminToken, account.id, { email: newEmail });
    expect(requested).toMatchObject({ status: 200, body: { email: account.email, pendingEmail: newEmail } });
    const [notice] = await mailsTo(account.email, "email-change-notice");
    expect(notice).toMatchObject({ props: { newEmail, stage: "requested" } });
    const confirmation = await waitForMail(running.mailer, newEmail);
    expect(confirmation.subject).toBe("Confirm your new email address for Test Club");
    const token = linkTokenIn(confirmation.text);
    expect(token).not.toBe("");

    // Until confirmed the account is reached at its old address only: a reset still mails the old one.
    await call(forgotPassword, { path: "/api/auth/forgot-password", body: { email: newEmail } });
    await call(forgotPassword, { path: "/api/auth/forgot-password", body: { email: account.email } });
    expect(await mailsTo(newEmail, "password-reset")).toEqual([]);
    expect(await mailsTo(account.email, "password-reset")).toHaveLength(1);
    expect((await call(me, { path: "/api/auth/me", token: account.token })).status).toBe(200);

    const confirmed = await call(confirmEmailChange, { path: "/api/auth/confirm-email-change", body: { token } });
    expect(confirmed.status).toBe(204);
    expect(await read(account.id)).toMatchObject({ email: newEmail, pendingEmail: null, emailVerified: true });
    expect((await call(me, { path: "/api/auth/me", token: account.token })).body).toMatchObject({
      code: "Auth.TokenRevoked",
    });
    expect(
      (await call(login, { path: "/api/auth/login", body: { email: account.email, password: account.password } }))
        .status,
    ).toBe(401);
    expect(
      (await call(login, { path: "/api/auth/login", body: { email: newEmail, password: account.password } })).status,
    ).toBe(200);
    expect(
      (await mailsTo(account.email, "email-change-notice")).map((mail) => (mail.props as { stage: string }).stage),
    ).toEqual(["requested", "confirmed"]);
    const audit = await running.database.db.select().from(auditOutbox).where(eq(auditOutbox.entityId, account.id));
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: "users.email_change_requested",
        severity: "Warning",
        data: { from: account.email, to: newEmail },
      }),
    );
    expect(audit).toContainEqual(
      expect.objectContaining({
        action: "users.email_changed",
        severity: "Warning",
        data: { from: account.email, to: newEmail },
      }),
    );

    const again = await call(confirmEmailChange, { path: "/api/auth/confirm-email-change", body: { token } });
    expect(again).toMatchObject({ status: 400, body: { code: "Auth.InvalidLink" } });
  });

  it("voids an older link when the change is asked again, and fails cleanly when the address was taken meanwhile", async () => {
    const account = await createAccount(superAdminToken, ["User"]);
    await edit(superAdminToken, account.id, { email: "first.try@elsewhere.example" });
    const firstToken = linkTokenIn((await waitForMail(running.mailer, "first.try@elsewhere.example")).text);
    await edit(superAdminToken, account.id, { email: "second.try@elsewhere.example" });
    const secondToken = linkTokenIn((await waitForMail(running.mailer, "second.try@elsewhere.example")).text);
    const stale = await call(confirmEmailChange, {
      path: "/api/auth/confirm-email-change",
      body: { token: firstToken },
    });
    expect(stale).toMatchObject({ status: 400, body: { code: "Auth.InvalidLink" } });

    const taken = await call(createUser, {
      path: "/api/users",
      token: superAdminToken,
      body: {
        email: "SECOND.try@elsewhere.example",
        username: "quick_one",
        firstName: "Quinn",
        lastName: "Quick",
        password: "Temporary-Pass9x",
      },
    });
    expect(taken.status).toBe(201);
    const clash = await call(confirmEmailChange, {
      path: "/api/auth/confirm-email-change",
      body: { token: secondToken },
    });
    expect(clash).toMatchObject({ status: 409, body: { code: "User.DuplicateEmail" } });
    const [stored] = await running.database.db.select().from(users).where(eq(users.id, account.id));
    expect(stored?.email).toBe(account.email);
    expect((await call(me, { path: "/api/auth/me", token: account.token })).status).toBe(200);
  });

  it("answers 409 User.DuplicateEmail at request time for an address in use, mailing nothing", async () => {
    const account = await createAccount(superAdminToken, ["User"]);
    const other = await createAccount(superAdminToken, ["User"]);
    expect(await edit(superAdminToken, account.id, { email: other.email.toUpperCase() })).toMatchObject({
      status: 409,
      body: { code: "User.DuplicateEmail" },
    });
    expect(await mailsTo(account.email)).toEqual([]);
    expect((await read(account.id)).pendingEmail).toBeNull();
  });
});
