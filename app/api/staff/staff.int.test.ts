import "@/tests/support/isolated-env";
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashOpaqueToken } from "@/lib/auth/opaque-token";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { auditOutbox, employees, mailOutbox, oneTimeTokens, users } from "@/lib/platform/db/schema";
import { type Account, completeSetup, createAccount } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { auditEntriesOf } from "@/tests/support/audit";
import { mailedToken } from "@/tests/support/mail";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as acceptInvitation } from "../auth/accept-invitation/route";
import { POST as login } from "../auth/login/route";
import { GET as me } from "../auth/me/route";
import { POST as createHolidayList } from "../holiday-lists/route";
import { POST as createRole } from "../roles/route";
import { POST as createUser } from "../users/route";
import { POST as resendInvitation } from "./[id]/invitation/route";
import { POST as addStaffMember } from "./route";

type StaffReply = {
  user: { id: string; username: string; roles: string[]; emailVerified: boolean; invitationPending: boolean };
  employee: { id: string; userId: string; holidayList: { id: string; name: string } | null };
  invitation: { sentTo: string; expiresAt: string };
  code?: string;
};

let running: Platform;
let adminToken: string;
let adminId: string;
/** Holds users:write, employees:write and the Employee role's permissions, not everything the Admin role carries. */
let staffManager: Account;

const person = (n: string, extra: object = {}) => ({
  email: `andres.${n}@club.example`,
  firstName: "Andrés",
  lastName: `Romero ${n}`,
  ...extra,
});
const add = (body: object, token = adminToken) => call<StaffReply>(addStaffMember, { path: "/api/staff", token, body });
const resend = (userId: string, token = adminToken) =>
  call<{ sentTo: string; expiresAt: string; code?: string }>(resendInvitation, {
    path: `/api/staff/${userId}/invitation`,
    method: "POST",
    params: { id: userId },
    token,
  });
const accept = (token: string, newPassword = "Chosen-Passw0rd-42") =>
  call(acceptInvitation, { path: "/api/auth/accept-invitation", body: { token, newPassword } });
const signIn = (email: string, password = "Chosen-Passw0rd-42") =>
  call(login, { path: "/api/auth/login", body: { email, password } });
const invitationToken = (email: string) => mailedToken(running.mailer, email, "/accept-invitation");

/** The token of a newer invitation than `earlier`, waiting for its mail to arrive. */
async function tokenOtherThan(earlier: string, email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const token = await invitationToken(email);
    if (token !== earlier) return token;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no new invitation to ${email}`);
}

/** Rows of every table one "add staff member" writes to, to show that a refusal leaves none behind. */
async function rowCounts() {
  const db = running.database.db;
  const [[u], [e], [m], [a], [t]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(employees),
    db.select({ n: count() }).from(mailOutbox),
    db.select({ n: count() }).from(auditOutbox).where(sql`${auditOutbox.action} <> 'users.change_refused'`),
    db.select({ n: count() }).from(oneTimeTokens),
  ]);
  return { users: u?.n, employees: e?.n, mails: m?.n, audit: a?.n, tokens: t?.n };
}

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  adminToken = await completeSetup();
  adminId = String((await call(me, { path: "/api/auth/me", token: adminToken })).body.id);
  const role = await call(createRole, {
    path: "/api/roles",
    token: adminToken,
    body: {
      name: "Staff manager",
      // Enough to grant the Employee role (self-service attendance), not the Admin role.
      permissions: [
        "users:read",
        "users:write",
        "employees:read",
        "employees:write",
        "attendance:clock-in",
        "attendance:read",
        "attendance-requests:write",
        "attendance-requests:read",
      ],
    },
  });
  expect(role.status).toBe(201);
  staffManager = await createAccount(adminToken, ["Staff manager"]);
});
afterAll(stopPlatform);

describe("POST /api/staff", () => {
  it("creates the account, its employee record, the invitation mail and the audit entries in one request", async () => {
    const reply = await add(person("a", { roles: ["Admin"] }));
    expect(reply.status).toBe(201);
    const { user, employee, invitation } = reply.body;
    expect(reply.headers.get("location")).toBe(`/api/users/${user.id}`);
    expect(user).toMatchObject({
      email: "andres.a@club.example",
      username: "andres.a",
      roles: ["Admin"],
      isActive: true,
      mustChangePassword: false,
      emailVerified: false,
      invitationPending: true,
      invitedAt: expect.any(String),
    });
    expect(employee).toMatchObject({ userId: user.id, isActive: true, holidayList: null });
    expect(invitation.sentTo).toBe("andres.a@club.example");
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const db = running.database.db;
    const [stored] = await db.select().from(employees).where(eq(employees.userId, user.id));
    expect(stored?.id).toBe(employee.id);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "andres.a@club.example"));
    expect(mails.map((mail) => mail.template)).toEqual(["staff-invitation"]);
    // The stored props keep the link redacted; only the sealed copy, opened at delivery, holds the token.
    expect(JSON.stringify(mails[0]?.props)).not.toMatch(/token=[\w-]{20,}/);
    const token = await invitationToken("andres.a@club.example");
    const [tokenRow] = await db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(tokenRow).toMatchObject({ purpose: "accept_invitation", tokenHash: hashOpaqueToken(token), usedAt: null });
    expect(tokenRow?.tokenHash).not.toBe(token);

    expect((await auditEntriesOf(running.database, user.id)).map((entry) => [entry.action, entry.actorId])).toEqual([
      ["users.created", adminId],
      ["staff.invited", adminId],
    ]);
    expect((await auditEntriesOf(running.database, employee.id)).map((entry) => entry.action)).toEqual([
      "personnel.employee_created",
    ]);
  });

  it("grants the Employee role by default, derives a free username and takes a holiday list", async () => {
    const list = await call<{ id: string }>(createHolidayList, {
      path: "/api/holiday-lists",
      token: adminToken,
      body: { name: "Madrid", weeklyOffDays: [6, 7] },
    });
    const first = await add({ ...person("b"), email: "ana@club.example", employee: { holidayListId: list.body.id } });
    const second = await add({ ...person("c"), email: "ANA@other.example" });
    expect(first.body.user).toMatchObject({ username: "ana", roles: ["Employee"] });
    expect(first.body.employee.holidayList).toEqual({ id: list.body.id, name: "Madrid" });
    expect(second.body.user.username).toBe("ana2");
  });

  it("keeps the invited person from signing in until they accept", async () => {
    await add(person("d"));
    expect(await signIn("andres.d@club.example")).toMatchObject({
      status: 401,
      body: { code: "Auth.InvalidCredentials" },
    });
  });

  it("answers 409 User.DuplicateEmail for a taken address, case-insensitively, and leaves nothing behind", async () => {
    const before = await rowCounts();
    const reply = await add(person("e", { email: "ANDRES.A@club.example" }));
    expect(reply).toMatchObject({ status: 409, body: { code: "User.DuplicateEmail" } });
    expect(await rowCounts()).toEqual(before);
  });

  it("answers 409 User.DuplicateUsername for a username given and taken", async () => {
    const reply = await add(person("f", { username: "andres.a" }));
    expect(reply).toMatchObject({ status: 409, body: { code: "User.DuplicateUsername" } });
  });

  it("rolls the account back when the employee record is refused (unknown holiday list)", async () => {
    const before = await rowCounts();
    const reply = await add(person("g", { employee: { holidayListId: "00000000-0000-4000-8000-000000000000" } }));
    expect(reply).toMatchObject({ status: 400, body: { code: "Employee.HolidayListNotFound" } });
    expect(await rowCounts()).toEqual(before);
    const [left] = await running.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "andres.g@club.example"));
    expect(left).toBeUndefined();
  });

  it("answers 400 User.UnknownRole for a role that does not exist", async () => {
    const reply = await add(person("h", { roles: ["Wizard"] }));
    expect(reply).toMatchObject({ status: 400, body: { code: "User.UnknownRole" } });
  });

  it("answers 400 with field errors for missing names and an empty role list", async () => {
    const reply = await call(addStaffMember, {
      path: "/api/staff",
      token: adminToken,
      body: { email: "not-an-email", roles: [] },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.errors as object).sort()).toEqual(["email", "firstName", "lastName", "roles"]);
  });

  it("refuses to grant a role carrying permissions the caller lacks (403 Role.CannotGrant), audited", async () => {
    const before = await rowCounts();
    const reply = await add(person("i", { roles: ["Admin"] }), staffManager.token);
    expect(reply).toMatchObject({ status: 403, body: { code: "Role.CannotGrant" } });
    expect(await rowCounts()).toEqual(before);
    const [refusal] = await running.database.db
      .select()
      .from(auditOutbox)
      .where(and(eq(auditOutbox.action, "users.change_refused"), eq(auditOutbox.actorId, staffManager.id)));
    expect(refusal?.data).toMatchObject({ change: "create", code: "Role.CannotGrant" });
  });

  it("lets a staff manager add someone with a role within their own permissions", async () => {
    const reply = await add(person("j"), staffManager.token);
    expect(reply.status).toBe(201);
  });

  it("answers 403 Auth.Forbidden to a caller with users:write but not employees:write", async () => {
    await call(createRole, {
      path: "/api/roles",
      token: adminToken,
      body: { name: "User manager", permissions: ["users:read", "users:write"] },
    });
    const userManager = await createAccount(adminToken, ["User manager"]);
    const before = await rowCounts();
    const reply = await add(person("k"), userManager.token);
    expect(reply).toMatchObject({ status: 403, body: { code: "Auth.Forbidden" } });
    expect(await rowCounts()).toEqual(before);
  });

  it("of two simultaneous invitations of one address, exactly one succeeds and the other is 409", async () => {
    const replies = await Promise.all([add(person("race")), add(person("race"))]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(replies.find((reply) => reply.status === 409)?.body.code).toBe("User.DuplicateEmail");
    const [stored] = await running.database.db
      .select({ n: count() })
      .from(users)
      .where(eq(users.email, "andres.race@club.example"));
    expect(stored?.n).toBe(1);
  });
});

describe("POST /api/auth/accept-invitation", () => {
  let invited: StaffReply;
  let token: string;

  beforeAll(async () => {
    invited = (await add(person("accept"))).body;
    token = await invitationToken("andres.accept@club.example");
  });

  it("refuses a weak password as a field error and keeps the link usable", async () => {
    const reply = await accept(token, "andres");
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toHaveProperty("newPassword");
  });

  it("sets the password and confirms the address once: the person signs in; audited", async () => {
    expect((await accept(token)).status).toBe(204);
    const signedIn = await signIn("andres.accept@club.example");
    expect(signedIn).toMatchObject({ status: 200, body: { role: "Employee", mustChangePassword: false } });
    const [user] = await running.database.db.select().from(users).where(eq(users.id, invited.user.id));
    expect(user?.emailVerifiedAt).not.toBeNull();
    const actions = (await auditEntriesOf(running.database, invited.user.id)).map((entry) => entry.action);
    expect(actions).toContain("staff.invitation_accepted");
  });

  it("answers 400 Auth.InvalidLink when the link is used a second time", async () => {
    expect(await accept(token, "Another-Passw0rd-77")).toMatchObject({
      status: 400,
      body: { code: "Auth.InvalidLink" },
    });
  });

  it("answers 400 Auth.InvalidLink for an expired link", async () => {
    const { user } = (await add(person("expired"))).body;
    const expiredToken = await invitationToken("andres.expired@club.example");
    await running.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    expect(await accept(expiredToken)).toMatchObject({ status: 400, body: { code: "Auth.InvalidLink" } });
  });

  it("does not take a password reset link", async () => {
    expect(await accept("not-a-real-token")).toMatchObject({ status: 400, body: { code: "Auth.InvalidLink" } });
  });
});

describe("POST /api/staff/{id}/invitation", () => {
  it("sends a new link and voids the old one", async () => {
    const { user } = (await add(person("resend"))).body;
    const first = await invitationToken("andres.resend@club.example");
    const reply = await resend(user.id);
    expect(reply).toMatchObject({ status: 200, body: { sentTo: "andres.resend@club.example" } });
    const second = await tokenOtherThan(first, "andres.resend@club.example");
    expect(second).not.toBe(first);
    expect(await accept(first)).toMatchObject({ status: 400, body: { code: "Auth.InvalidLink" } });
    expect((await accept(second)).status).toBe(204);
    expect((await auditEntriesOf(running.database, user.id)).map((entry) => entry.action)).toContain(
      "staff.invitation_resent",
    );
  });

  it("answers 409 Staff.NoPendingInvitation once accepted, and for an account that was never invited", async () => {
    const [accepted] = await running.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "andres.resend@club.example"));
    expect(await resend(accepted?.id ?? "")).toMatchObject({
      status: 409,
      body: { code: "Staff.NoPendingInvitation" },
    });
    expect(await resend(staffManager.id)).toMatchObject({ status: 409, body: { code: "Staff.NoPendingInvitation" } });
  });

  it("answers 404 User.NotFound for an unknown account", async () => {
    expect(await resend("00000000-0000-4000-8000-000000000000")).toMatchObject({
      status: 404,
      body: { code: "User.NotFound" },
    });
  });

  it("answers 403 User.ProtectedAccount when the invitee can do more than the caller", async () => {
    const { user } = (await add(person("boss", { roles: ["Admin"] }))).body;
    expect(await resend(user.id, staffManager.token)).toMatchObject({
      status: 403,
      body: { code: "User.ProtectedAccount" },
    });
  });

  it("is refused for a temporary-password account made with POST /api/users", async () => {
    const made = await call<{ id: string }>(createUser, {
      path: "/api/users",
      token: adminToken,
      body: { ...person("plain"), username: "plain", password: "Temporary-Pass9x" },
    });
    expect((await resend(made.body.id)).status).toBe(409);
  });
});
