import "@/tests/support/isolated-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platform, stopPlatform } from "@/lib/platform/container";
import { call, type ApiCall } from "@/tests/support/api";
import { completeSetup, createAccount, loginAs } from "@/tests/support/accounts";
import { resetDatabase } from "@/tests/support/reset-database";
import { POST as changePassword } from "./auth/change-password/route";
import { GET as me } from "./auth/me/route";
import { DELETE as deleteMember, GET as getMember, PUT as updateMember } from "./members/[id]/route";
import { PUT as changeMemberStatus } from "./members/[id]/status/route";
import { POST as cancelTerm } from "./members/[id]/subscriptions/[sid]/cancel/route";
import { GET as quoteChange, POST as changeTermPlan } from "./members/[id]/subscriptions/[sid]/change-plan/route";
import { POST as renewTerm } from "./members/[id]/subscriptions/[sid]/renew/route";
import { GET as listTerms, POST as subscribe } from "./members/[id]/subscriptions/route";
import { POST as enroll } from "./members/enroll/route";
import { GET as exportMembers } from "./members/export/route";
import { GET as listMembers, POST as createMember } from "./members/route";
import { GET as memberStatistics } from "./members/statistics/route";
import { GET as listPermissions } from "./permissions/route";
import { DELETE as deactivatePlan, GET as getPlan, PUT as updatePlan } from "./plans/[id]/route";
import { GET as listPlans, POST as createPlan } from "./plans/route";
import { DELETE as deleteRole, GET as getRole, PUT as updateRole } from "./roles/[id]/route";
import { GET as listRoles, POST as createRole } from "./roles/route";
import { DELETE as liftBlacklist, POST as blacklist } from "./users/[id]/blacklist/route";
import { PUT as assignRoles } from "./users/[id]/roles/route";
import { DELETE as deactivateUser, GET as getUser, PUT as updateUser } from "./users/[id]/route";
import { GET as listUsers, POST as createUser } from "./users/route";

const someId = "00000000-0000-4000-8000-000000000000";
const params = { id: someId };
const termParams = { id: someId, sid: someId };
const plan = { name: "P", code: "PP", monthlyPrice: "1" };
const user = { email: "a@club.example", username: "abc", firstName: "A", lastName: "B", isActive: true };
const member = { email: "m@club.example", firstName: "M", lastName: "N" };

/** Every protected endpoint, with the permission it needs. */
const ENDPOINTS: Array<[string, string, Parameters<typeof call>[0], ApiCall]> = [
  ["GET /api/auth/me", "authenticated", me, { path: "/api/auth/me" }],
  ["POST /api/auth/change-password", "authenticated", changePassword, { path: "/api/auth/change-password", body: { currentPassword: "a", newPassword: "b" } }],
  ["GET /api/users", "users:read", listUsers, { path: "/api/users" }],
  ["POST /api/users", "users:write", createUser, { path: "/api/users", body: { ...user, password: "x" } }],
  ["GET /api/users/{id}", "users:read", getUser, { path: `/api/users/${someId}`, params }],
  ["PUT /api/users/{id}", "users:write", updateUser, { path: `/api/users/${someId}`, method: "PUT", params, body: user }],
  ["DELETE /api/users/{id}", "users:write", deactivateUser, { path: `/api/users/${someId}`, method: "DELETE", params }],
  ["PUT /api/users/{id}/roles", "users:write", assignRoles, { path: `/api/users/${someId}/roles`, method: "PUT", params, body: { roles: [] } }],
  ["POST /api/users/{id}/blacklist", "users:write", blacklist, { path: `/api/users/${someId}/blacklist`, params, body: { reason: "x" } }],
  ["DELETE /api/users/{id}/blacklist", "users:write", liftBlacklist, { path: `/api/users/${someId}/blacklist`, method: "DELETE", params }],
  ["GET /api/roles", "roles:read", listRoles, { path: "/api/roles" }],
  ["POST /api/roles", "roles:write", createRole, { path: "/api/roles", body: { name: "X", permissions: [] } }],
  ["GET /api/roles/{id}", "roles:read", getRole, { path: `/api/roles/${someId}`, params }],
  ["PUT /api/roles/{id}", "roles:write", updateRole, { path: `/api/roles/${someId}`, method: "PUT", params, body: { name: "X", permissions: [] } }],
  ["DELETE /api/roles/{id}", "roles:write", deleteRole, { path: `/api/roles/${someId}`, method: "DELETE", params }],
  ["GET /api/permissions", "permissions:read", listPermissions, { path: "/api/permissions" }],
  ["GET /api/plans", "plans:read", listPlans, { path: "/api/plans" }],
  ["POST /api/plans", "plans:write", createPlan, { path: "/api/plans", body: plan }],
  ["GET /api/plans/{id}", "plans:read", getPlan, { path: `/api/plans/${someId}`, params }],
  ["PUT /api/plans/{id}", "plans:write", updatePlan, { path: `/api/plans/${someId}`, method: "PUT", params, body: plan }],
  ["DELETE /api/plans/{id}", "plans:delete", deactivatePlan, { path: `/api/plans/${someId}`, method: "DELETE", params }],
  ["GET /api/members", "members:read", listMembers, { path: "/api/members" }],
  ["POST /api/members", "members:write", createMember, { path: "/api/members", body: member }],
  ["POST /api/members/enroll", "members:write", enroll, { path: "/api/members/enroll", body: { member, subscription: { planId: someId, billingPeriod: "monthly" } } }],
  ["GET /api/members/{id}/subscriptions", "subscriptions:read", listTerms, { path: `/api/members/${someId}/subscriptions`, params }],
  ["POST /api/members/{id}/subscriptions", "subscriptions:write", subscribe, { path: `/api/members/${someId}/subscriptions`, params, body: { planId: someId, billingPeriod: "monthly" } }],
  ["GET …/{sid}/change-plan", "subscriptions:change_plan", quoteChange, { path: `/api/members/${someId}/subscriptions/${someId}/change-plan?planId=${someId}`, params: termParams }],
  ["POST …/{sid}/change-plan", "subscriptions:change_plan", changeTermPlan, { path: `/api/members/${someId}/subscriptions/${someId}/change-plan`, params: termParams, body: { planId: someId } }],
  ["POST …/{sid}/renew", "subscriptions:renew", renewTerm, { path: `/api/members/${someId}/subscriptions/${someId}/renew`, method: "POST", params: termParams }],
  ["POST …/{sid}/cancel", "subscriptions:cancel", cancelTerm, { path: `/api/members/${someId}/subscriptions/${someId}/cancel`, method: "POST", params: termParams }],
  ["GET /api/members/{id}", "members:read", getMember, { path: `/api/members/${someId}`, params }],
  ["PUT /api/members/{id}", "members:write", updateMember, { path: `/api/members/${someId}`, method: "PUT", params, body: member }],
  ["DELETE /api/members/{id}", "members:delete", deleteMember, { path: `/api/members/${someId}`, method: "DELETE", params }],
  ["PUT /api/members/{id}/status", "members:write", changeMemberStatus, { path: `/api/members/${someId}/status`, method: "PUT", params, body: { status: "active" } }],
  ["GET /api/members/statistics", "members:read", memberStatistics, { path: "/api/members/statistics" }],
  ["GET /api/members/export", "members:read", exportMembers, { path: "/api/members/export" }],
];

let plainUserToken: string;
let temporaryPasswordToken: string;

beforeAll(async () => {
  await resetDatabase((await platform()).database);
  const adminToken = await completeSetup();
  plainUserToken = (await createAccount(adminToken, ["User"])).token;
  await call(createUser, {
    path: "/api/users",
    token: adminToken,
    body: { email: "fresh@club.example", username: "fresh", firstName: "F", lastName: "R", password: "Temporary-Pass1x", roles: ["Admin"] },
  });
  temporaryPasswordToken = await loginAs("fresh@club.example", "Temporary-Pass1x");
});
afterAll(stopPlatform);

describe.each(ENDPOINTS)("%s (%s)", (_name, access, handler, request) => {
  it("answers 401 Auth.MissingToken without a token, before validating anything", async () => {
    const reply = await call(handler, request);
    expect(reply).toMatchObject({ status: 401, body: { code: "Auth.MissingToken" } });
  });

  it.skipIf(access === "authenticated")("answers 403 Auth.Forbidden to a signed-in user without the permission", async () => {
    const reply = await call(handler, { ...request, token: plainUserToken });
    expect(reply).toMatchObject({ status: 403, body: { code: "Auth.Forbidden", message: expect.any(String) } });
  });

  it.skipIf(access === "authenticated")("answers 403 Auth.PasswordChangeRequired while a temporary password is unchanged", async () => {
    const reply = await call(handler, { ...request, token: temporaryPasswordToken });
    expect(reply).toMatchObject({ status: 403, body: { code: "Auth.PasswordChangeRequired" } });
  });
});
