import "@/tests/support/isolated-env";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { type LocationTemplate, locationOf } from "@/lib/http/answer-headers";
import { routeDeclaration } from "@/lib/http/route";
import {
  implementedMethods,
  type OpenApiDocument,
  openApiPath,
  type RouteModule,
  type RouteModules,
} from "@/lib/openapi/document";
import type { ExamplesByOperation } from "@/lib/openapi/examples";
import { localDate } from "@/lib/platform/calendar";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import packageJson from "@/package.json";
import { completeSetup, createAccount, SUPER_ADMIN } from "@/tests/support/accounts";
import { type ApiCall, call } from "@/tests/support/api";
import { mailedToken } from "@/tests/support/mail";
import { RECORDING, recordExample } from "@/tests/support/openapi-examples";
import { resetDatabase } from "@/tests/support/reset-database";
import { addEmployee } from "@/tests/support/staff";
import { PUT as approveRequest } from "../attendance-requests/[id]/approve/route";
import { GET as getRequest } from "../attendance-requests/[id]/route";
import { GET as requestQueue, POST as submitRequest } from "../attendance-requests/route";
import { POST as acceptInvitation } from "../auth/accept-invitation/route";
import { POST as forgotPassword } from "../auth/forgot-password/route";
import { POST as login } from "../auth/login/route";
import { POST as logout } from "../auth/logout/route";
import { PUT as setOwnLanguage } from "../auth/me/language/route";
import { GET as me } from "../auth/me/route";
import { POST as refresh } from "../auth/refresh/route";
import { GET as attendanceDay } from "../employees/[id]/attendance/[date]/route";
import { GET as employeeAttendance } from "../employees/[id]/attendance/route";
import { GET as employeeClock } from "../employees/[id]/clock/route";
import { GET as getEmployee, PUT as updateEmployee } from "../employees/[id]/route";
import { GET as listEmployees } from "../employees/route";
import { GET as downloadFile } from "../files/[id]/content/route";
import { POST as uploadFile } from "../files/route";
import { POST as applyHolidayPreset } from "../holiday-lists/[id]/presets/route";
import { GET as getHolidayList } from "../holiday-lists/[id]/route";
import { POST as createHolidayList, GET as listHolidayLists } from "../holiday-lists/route";
import { GET as listHolidayPresets } from "../holiday-presets/route";
import { POST as runJob } from "../jobs/[name]/run/route";
import { GET as listJobs } from "../jobs/route";
import { PUT as replacePhoto } from "../members/[id]/photo/route";
import { GET as getMember, PUT as updateMember } from "../members/[id]/route";
import { PUT as changeStatus } from "../members/[id]/status/route";
import { POST as cancelTerm } from "../members/[id]/subscriptions/[sid]/cancel/route";
import { POST as changeTermPlan, GET as quoteChange } from "../members/[id]/subscriptions/[sid]/change-plan/route";
import { POST as renewTerm } from "../members/[id]/subscriptions/[sid]/renew/route";
import { GET as getTerm } from "../members/[id]/subscriptions/[sid]/route";
import { GET as listTerms, POST as subscribe } from "../members/[id]/subscriptions/route";
import { POST as enroll } from "../members/enroll/route";
import { POST as createMember, GET as listMembers } from "../members/route";
import { GET as memberStatistics } from "../members/statistics/route";
import { GET as listPermissions } from "../permissions/route";
import { DELETE as deactivatePlan, GET as getPlan } from "../plans/[id]/route";
import { POST as createPlan, GET as listPlans } from "../plans/route";
import { GET as getRole } from "../roles/[id]/route";
import { POST as createRole, GET as listRoles } from "../roles/route";
import { GET as publicSettings } from "../settings/public/route";
import { GET as getSettings, PUT as updateSettings } from "../settings/route";
import { GET as setupStatus } from "../setup/status/route";
import { GET as getShiftType } from "../shift-types/[id]/route";
import { POST as createShiftType, GET as listShiftTypes } from "../shift-types/route";
import { POST as resendInvitation } from "../staff/[id]/invitation/route";
import { POST as addStaffMember } from "../staff/route";
import { POST as block, DELETE as unblock } from "../users/[id]/blacklist/route";
import { PUT as assignRoles } from "../users/[id]/roles/route";
import { GET as getUser, PUT as updateUser } from "../users/[id]/route";
import { GET as ownAttendance } from "../users/me/attendance/route";
import { GET as ownRequests } from "../users/me/attendance-requests/route";
import { GET as ownClock } from "../users/me/clock/route";
import { POST as clockIn } from "../users/me/clock-in/route";
import { POST as clockOut } from "../users/me/clock-out/route";
import { GET as listUsers } from "../users/route";
import examples from "./examples.json";
import { DOCUMENT_ROUTE, DOCUMENTED_ROUTES, UNDOCUMENTED_ROUTES } from "./registry";
import { GET as openApiDocument } from "./route";

const API_DIR = path.resolve(import.meta.dirname, "..");
const EXAMPLES_FILE = path.join(import.meta.dirname, "examples.json");
const DOCUMENTED_ROUTES_AND_DOCUMENT: RouteModules = {
  ...DOCUMENTED_ROUTES,
  [DOCUMENT_ROUTE]: { GET: openApiDocument },
};
type Content = { content: Record<string, { example?: unknown }> };

type Handler = Parameters<typeof call>[0];
/** An answer's body: the tests read created ids (and a few named fields) from it, the schema checks the rest. */
type Body = { id: string } & Record<string, unknown>;
/** The parts of an operation object these tests read. */
type Operation = {
  security?: unknown;
  "x-permission"?: string;
  responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: { code: string } }> }> }>;
};

let running: Platform;
let adminToken: string;
let document: OpenApiDocument;

/** The document's operation at `path` and `method`; a missing one fails the test that reads it. */
function operationAt(path: string, method: string): Operation {
  const operation = document.paths[path]?.[method.toLowerCase() as "get"];
  if (!operation) throw new Error(`the document has no ${method.toUpperCase()} ${path}`);
  return operation as Operation;
}

/** Every folder below app/api holding a route.ts, found on disk: the document is held to this, not to its own list. */
function routeFolders(): string[] {
  return readdirSync(API_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === "route.ts")
    .map((entry) => path.relative(API_DIR, entry.parentPath).split(path.sep).join("/"))
    .sort();
}

/** Calls a handler and checks the answer against what its route declares: the status, and the body by the documented schema. */
async function documented(handler: Handler, request: ApiCall): Promise<Body> {
  const reply = await call<Body>(handler, { token: adminToken, ...request });
  const declaration = routeDeclaration(handler);
  const status = declaration?.response?.status ?? declaration?.successStatus ?? 200;
  expect(reply.status, `${request.method ?? "call"} ${request.path}: ${JSON.stringify(reply.body)}`).toBe(status);
  const schema = declaration?.response?.schema;
  expect(schema, `${request.path} documents its response`).toBeDefined();
  const parsed = schema?.safeParse(reply.body);
  expect(parsed?.success ? [] : parsed?.error.issues, `${request.path} answers what the document says`).toEqual([]);
  expect(reply.headers.get("x-trace-id"), `${request.path} carries its trace id`).toMatch(/^[\da-f]{32}$/);
  if (status === 201)
    expect(reply.headers.get("location"), `${request.path} names what it created`).toBe(
      locationOf(declaration?.location as LocationTemplate, reply.body),
    );
  return reply.body;
}

/**
 * Sends bytes as a client uploads a file (the body is the file, not JSON) and checks the answer as documented() does;
 * the exchange is recorded as the operation's example like call()'s.
 */
async function documentedUpload(
  handler: Handler,
  request: { method?: string; path: string; params?: Record<string, string> },
  file: { bytes: Uint8Array<ArrayBuffer>; contentType: string },
): Promise<Body> {
  const response = await handler(
    new Request(`http://localhost${request.path}`, {
      method: request.method ?? "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": file.contentType },
      body: file.bytes,
    }),
    { params: Promise.resolve(request.params ?? {}) },
  );
  const reply = { status: response.status, body: (await response.json()) as Body, headers: response.headers };
  const declaration = routeDeclaration(handler);
  expect(reply.status, `${request.path}: ${JSON.stringify(reply.body)}`).toBe(declaration?.successStatus ?? 200);
  const parsed = declaration?.response?.schema?.safeParse(reply.body);
  expect(parsed?.success ? [] : parsed?.error.issues, `${request.path} answers what the document says`).toEqual([]);
  if (RECORDING) await recordExample(handler, undefined, reply);
  return reply.body;
}

/** Calls a handler expecting a refusal, and checks that the document lists the code under that status for the operation. */
async function documentedRefusal(
  handler: Handler,
  request: ApiCall,
  method: string,
  path: string,
  status: number,
): Promise<void> {
  const reply = await call<Body>(handler, { token: adminToken, ...request });
  expect(reply.status).toBe(status);
  const operation = operationAt(path, method);
  const examples = operation.responses[String(status)]?.content?.["application/json"]?.examples ?? {};
  const codes = Object.values(examples).map((example) => example.value.code);
  expect(codes).toContain(reply.body.code);
}

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  const response = await openApiDocument(new Request("http://localhost/api/openapi.json"), {
    params: Promise.resolve({}),
  });
  expect(response.status).toBe(200);
  document = (await response.json()) as OpenApiDocument;
  adminToken = await completeSetup();
});
afterAll(stopPlatform);

describe("GET /api/openapi.json", () => {
  it("states the release as info.version: package.json's version", () => {
    expect(document.info.version).toBe(packageJson.version);
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("is a valid OpenAPI 3.1 document, served without signing in", async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it("describes every method of every route file under app/api, and nothing else", async () => {
    const onDisk: string[] = [];
    for (const folder of routeFolders()) {
      if (folder in UNDOCUMENTED_ROUTES) continue;
      const module = (await import(path.join(API_DIR, folder, "route.ts"))) as RouteModule;
      for (const method of implementedMethods(module)) onDisk.push(`${method} ${openApiPath(folder)}`);
    }
    const inDocument = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(inDocument.sort()).toEqual(onDisk.sort());
    expect(onDisk.length).toBeGreaterThan(80);
  });

  it("describes every object shape once: a shape used twice is a named component, never an anonymous copy", () => {
    const copies = new Map<string, string[]>();
    const visit = (node: unknown, at: string) => {
      if (node === null || typeof node !== "object") return;
      const schema = node as { type?: unknown; properties?: unknown };
      const isComponent = /^\/components\/schemas\/[^/]+$/.test(at);
      if (schema.type === "object" && schema.properties && !isComponent) {
        const shape = JSON.stringify(node);
        copies.set(shape, [...(copies.get(shape) ?? []), at]);
      }
      for (const [key, value] of Object.entries(node)) visit(value, `${at}/${key}`);
    };
    visit(document, "");
    expect([...copies.values()].filter((places) => places.length > 1)).toEqual([]);
    const named = Object.keys(document.components.schemas ?? {});
    for (const resource of [
      "Member",
      "MemberListItem",
      "Plan",
      "Subscription",
      "User",
      "Role",
      "Employee",
      "HolidayList",
    ])
      expect(named).toContain(resource);
    for (const resource of [
      "ShiftType",
      "AttendanceRecord",
      "ClockEvent",
      "CorrectionRequest",
      "File",
      "AuditLogEntry",
    ])
      expect(named).toContain(resource);
    for (const resource of ["MailMessage", "Job", "LoginResponse", "Profile", "PublicSettings", "MemberListItemPage"])
      expect(named).toContain(resource);
  });

  it("describes every parameter; ids carry the pattern the server's id check applies", () => {
    type Parameter = { name: string; in: string; description?: string; schema: { format?: string; pattern?: string } };
    const parameters = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) =>
        ((operation.parameters ?? []) as (Parameter | { $ref: string })[])
          .filter((parameter): parameter is Parameter => !("$ref" in parameter))
          .map((parameter) => ({ at: `${method} ${path} ${parameter.name}`, ...parameter })),
      ),
    );
    expect(parameters.length).toBeGreaterThan(140);
    expect(parameters.filter((parameter) => !parameter.description).map((parameter) => parameter.at)).toEqual([]);
    const ids = parameters.filter((parameter) => parameter.schema.format === "uuid");
    expect(ids.filter((parameter) => !parameter.schema.pattern).map((parameter) => parameter.at)).toEqual([]);
    const filters = parameters.filter((parameter) => parameter.name === "isActive");
    expect(filters.map((parameter) => parameter.schema)).toEqual([{ type: "boolean" }, { type: "boolean" }]);
  });

  it("leaves out only the excluded catch-all and infrastructure routes, each on disk", () => {
    const folders = routeFolders();
    for (const folder of Object.keys(UNDOCUMENTED_ROUTES)) expect(folders).toContain(folder);
    expect(Object.keys(document.paths)).not.toContain("/api/inngest");
  });

  it("states each protected operation's permission as route() enforces it", async () => {
    const modules = await Promise.all(
      routeFolders()
        .filter((folder) => !(folder in UNDOCUMENTED_ROUTES))
        .map(
          async (folder) => [folder, (await import(path.join(API_DIR, folder, "route.ts"))) as RouteModule] as const,
        ),
    );
    for (const [folder, module] of modules)
      for (const method of implementedMethods(module)) {
        const operation = operationAt(openApiPath(folder), method);
        const access = routeDeclaration(module[method])?.access;
        expect(operation["x-permission"], `${method} ${openApiPath(folder)}`).toBe(access);
        expect(operation.security).toEqual(access ? [{ bearerAuth: [] }] : []);
      }
  });
});

describe("documented responses match what the endpoints answer", () => {
  it("setup and authentication", async () => {
    await documented(setupStatus, { path: "/api/setup/status", token: undefined });
    await documented(publicSettings, { path: "/api/settings/public", token: undefined });
    const session = await documented(login, {
      path: "/api/auth/login",
      token: undefined,
      body: { email: SUPER_ADMIN.email, password: SUPER_ADMIN.password, refreshTokenTransport: "body" },
    });
    expect(session.refreshToken).toEqual(expect.any(String));
    await documented(refresh, {
      path: "/api/auth/refresh",
      token: undefined,
      body: { refreshToken: session.refreshToken },
    });
    await documented(me, { path: "/api/auth/me" });
    await documented(setOwnLanguage, { path: "/api/auth/me/language", method: "PUT", body: { language: "es" } });
    const settings = await documented(getSettings, { path: "/api/settings" });
    await documented(updateSettings, {
      path: "/api/settings",
      method: "PUT",
      headers: { "if-match": `"${settings.version}"` },
      body: {
        clubName: settings.clubName,
        description: "Sailing and rowing on the Retiro lake.",
        language: "es",
        timeZone: running.config.CLUB_TIMEZONE,
        currency: running.config.CURRENCY,
      },
    });
    const signedOut = await call(logout, { path: "/api/auth/logout", body: { refreshToken: session.refreshToken } });
    expect(signedOut.status).toBe(204);
    await documented(forgotPassword, {
      path: "/api/auth/forgot-password",
      token: undefined,
      body: { email: "nobody@club.example" },
    });
    await documentedRefusal(
      login,
      { path: "/api/auth/login", token: undefined, body: { email: SUPER_ADMIN.email, password: "Wrong-Passw0rd!" } },
      "post",
      "/api/auth/login",
      401,
    );
  });

  it("users, roles and permissions", async () => {
    const staff = await createAccount(adminToken, ["User"]);
    const byId = { path: `/api/users/${staff.id}`, params: { id: staff.id } };
    await documented(listUsers, { path: "/api/users" });
    await documented(getUser, byId);
    await documented(updateUser, {
      ...byId,
      method: "PUT",
      body: { email: staff.email, username: "renamed", firstName: "Sam", lastName: "Staff", isActive: true },
    });
    await documented(assignRoles, {
      ...byId,
      path: `${byId.path}/roles`,
      method: "PUT",
      body: { roles: ["Employee"] },
    });
    await documented(block, { ...byId, path: `${byId.path}/blacklist`, body: { reason: "Unpaid fees" } });
    await documented(unblock, { ...byId, path: `${byId.path}/blacklist`, method: "DELETE" });
    const role = await documented(createRole, {
      path: "/api/roles",
      body: { name: "Front desk", permissions: ["members:read"] },
    });
    await documented(getRole, { path: `/api/roles/${role.id}`, params: { id: role.id } });
    await documented(listRoles, { path: "/api/roles" });
    await documented(listPermissions, { path: "/api/permissions" });
    const invited = await documented(addStaffMember, {
      path: "/api/staff",
      body: {
        email: "andres@club.example",
        firstName: "Andrés",
        lastName: "Romero",
        roles: ["Employee"],
        employee: { holidayListId: null },
      },
    });
    const invitee = (invited.user as { id: string }).id;
    const firstLink = await mailedToken(running.mailer, "andres@club.example", "/accept-invitation");
    await documented(resendInvitation, { path: `/api/staff/${invitee}/invitation`, params: { id: invitee } });
    let invitation = firstLink;
    // The resent link voids the first; wait for its mail.
    while (invitation === firstLink)
      invitation = await mailedToken(running.mailer, "andres@club.example", "/accept-invitation");
    const accepted = await call(acceptInvitation, {
      path: "/api/auth/accept-invitation",
      body: { token: invitation, newPassword: "Chosen-Passw0rd-42" },
    });
    expect(accepted.status).toBe(204);
    const unknown = "00000000-0000-4000-8000-000000000000";
    await documentedRefusal(
      getUser,
      { path: `/api/users/${unknown}`, params: { id: unknown } },
      "get",
      "/api/users/{id}",
      404,
    );
  });

  it("plans, members and subscriptions", async () => {
    const gold = await documented(createPlan, {
      path: "/api/plans",
      body: { name: "Gold", code: "GOLD", monthlyPrice: "49.90", benefits: [{ name: "Pool" }] },
    });
    const basic = await documented(createPlan, {
      path: "/api/plans",
      body: { name: "Basic", code: "BASIC", monthlyPrice: "19.90", annualPrice: "199.00" },
    });
    await documented(listPlans, { path: "/api/plans" });
    await documented(getPlan, { path: `/api/plans/${gold.id}`, params: { id: gold.id } });

    const member = await documented(createMember, {
      path: "/api/members",
      body: { firstName: "Ana", lastName: "García", email: "ana@club.example" },
    });
    const memberPath = { path: `/api/members/${member.id}`, params: { id: member.id } };
    await documented(updateMember, {
      ...memberPath,
      method: "PUT",
      body: { firstName: "Ana", lastName: "García López", email: "ana@club.example", phone: "+34 612 34 56 78" },
    });
    const term = await documented(subscribe, {
      ...memberPath,
      path: `${memberPath.path}/subscriptions`,
      body: { planId: gold.id, billingPeriod: "monthly" },
    });
    await documented(getMember, memberPath);
    await documented(listMembers, { path: "/api/members" });
    await documented(memberStatistics, { path: "/api/members/statistics" });
    await documented(listTerms, { ...memberPath, path: `${memberPath.path}/subscriptions` });
    const termPath = { path: `${memberPath.path}/subscriptions/${term.id}`, params: { id: member.id, sid: term.id } };
    await documented(getTerm, termPath);
    await documented(quoteChange, {
      ...termPath,
      path: `${termPath.path}/change-plan?planId=${basic.id}&billingPeriod=annual`,
    });
    const changed = await documented(changeTermPlan, {
      ...termPath,
      path: `${termPath.path}/change-plan`,
      body: { planId: basic.id },
    });
    const changedPath = {
      path: `${memberPath.path}/subscriptions/${changed.id}`,
      params: { id: member.id, sid: changed.id },
    };
    await documented(renewTerm, { ...changedPath, path: `${changedPath.path}/renew`, method: "POST" });
    await documented(cancelTerm, {
      ...changedPath,
      path: `${changedPath.path}/cancel`,
      body: { reason: "Moving away" },
    });
    await documented(changeStatus, {
      ...memberPath,
      path: `${memberPath.path}/status`,
      method: "PUT",
      body: { status: "suspended", reason: "Unpaid fees" },
    });
    await documented(enroll, {
      path: "/api/members/enroll",
      body: {
        member: { firstName: "Bea", lastName: "Ruiz", email: "bea@club.example" },
        subscription: { planId: gold.id, billingPeriod: "quarterly" },
      },
    });
    await documented(deactivatePlan, { path: `/api/plans/${gold.id}`, method: "DELETE", params: { id: gold.id } });
    await documentedRefusal(
      createMember,
      { path: "/api/members", body: { firstName: "A", lastName: "G", email: "ana@club.example" } },
      "post",
      "/api/members",
      409,
    );
  });

  it("staff, attendance, correction requests and jobs", async () => {
    const staff = await createAccount(adminToken, ["Employee"]);
    const employeeId = await addEmployee(running.database.db, staff.id);
    const list = await documented(createHolidayList, {
      path: "/api/holiday-lists",
      body: { name: "Madrid", weeklyOffDays: [6, 7], entries: [{ date: "2026-12-25", description: "Christmas" }] },
    });
    await documented(listHolidayLists, { path: "/api/holiday-lists" });
    await documented(getHolidayList, { path: `/api/holiday-lists/${list.id}`, params: { id: list.id } });
    await documented(listHolidayPresets, { path: "/api/holiday-presets" });
    await documented(applyHolidayPreset, {
      path: `/api/holiday-lists/${list.id}/presets`,
      method: "POST",
      params: { id: list.id },
      body: { preset: "es-md", year: 2026, language: "es" },
    });
    const shift = await documented(createShiftType, {
      path: "/api/shift-types",
      body: { name: "Morning", shiftStart: "09:00", shiftEnd: "17:30" },
    });
    await documented(listShiftTypes, { path: "/api/shift-types" });
    await documented(getShiftType, { path: `/api/shift-types/${shift.id}`, params: { id: shift.id } });
    const employeePath = { path: `/api/employees/${employeeId}`, params: { id: employeeId } };
    await documented(listEmployees, { path: "/api/employees" });
    await documented(updateEmployee, { ...employeePath, method: "PUT", body: { isActive: true, holidayListId: null } });
    await documented(getEmployee, employeePath);

    const asStaff = { token: staff.token };
    await documented(clockIn, { ...asStaff, path: "/api/users/me/clock-in", body: { source: "MobileApp" } });
    await documented(ownClock, { ...asStaff, path: "/api/users/me/clock" });
    await documented(clockOut, { ...asStaff, path: "/api/users/me/clock-out", body: { source: "MobileApp" } });
    await documented(employeeClock, { ...employeePath, path: `${employeePath.path}/clock` });

    const today = localDate(new Date(), running.config.CLUB_TIMEZONE);
    await documented(runJob, {
      path: "/api/jobs/process-daily-attendance/run",
      params: { name: "process-daily-attendance" },
      body: { date: today },
    });
    await documented(listJobs, { path: "/api/jobs" });
    await documented(attendanceDay, {
      path: `${employeePath.path}/attendance/${today}`,
      params: { id: employeeId, date: today },
    });
    await documented(employeeAttendance, { ...employeePath, path: `${employeePath.path}/attendance` });
    await documented(ownAttendance, { ...asStaff, path: "/api/users/me/attendance" });

    const yesterday = localDate(new Date(Date.now() - 86_400_000), running.config.CLUB_TIMEZONE);
    const request = await documented(submitRequest, {
      ...asStaff,
      path: "/api/attendance-requests",
      body: {
        date: yesterday,
        checkIn: `${yesterday}T10:00:00Z`,
        checkOut: `${yesterday}T16:00:00Z`,
        reason: "The terminal was down",
      },
    });
    await documented(requestQueue, { path: "/api/attendance-requests" });
    await documented(ownRequests, { ...asStaff, path: "/api/users/me/attendance-requests" });
    await documented(getRequest, {
      ...asStaff,
      path: `/api/attendance-requests/${request.id}`,
      params: { id: request.id },
    });
    await documented(approveRequest, {
      path: `/api/attendance-requests/${request.id}/approve`,
      method: "PUT",
      params: { id: request.id },
    });
    await documentedRefusal(
      approveRequest,
      { path: `/api/attendance-requests/${request.id}/approve`, method: "PUT", params: { id: request.id } },
      "put",
      "/api/attendance-requests/{id}/approve",
      409,
    );
  });

  it("files and member photos", async () => {
    const member = await documented(createMember, {
      path: "/api/members",
      body: { firstName: "Carla", lastName: "Soto", email: "carla@club.example" },
    });
    const pdf = { bytes: new TextEncoder().encode("%PDF-1.7\n%âãÏÓ\n"), contentType: "application/pdf" };
    const file = await documentedUpload(
      uploadFile,
      { path: `/api/files?bucket=club-documents&name=contract.pdf&memberId=${member.id}` },
      pdf,
    );
    const download = async (headers: Record<string, string>) => {
      const reply = await downloadFile(
        new Request(`http://localhost/api/files/${file.id}/content`, {
          headers: { authorization: `Bearer ${adminToken}`, ...headers },
        }),
        { params: Promise.resolve({ id: file.id }) },
      );
      const statuses = Object.keys(operationAt("/api/files/{id}/content", "get").responses);
      expect(statuses, `the document lists ${reply.status}`).toContain(String(reply.status));
      return reply;
    };
    const whole = await download({});
    expect(whole.headers.get("content-type")).toBe("application/pdf");
    expect((await download({ range: "bytes=0-3" })).status).toBe(206);
    expect((await download({ "if-none-match": whole.headers.get("etag") ?? "" })).status).toBe(304);
    expect((await download({ range: "bytes=9999-" })).status).toBe(416);
    // What a generated client sends when it serializes a Blob as JSON: refused, nothing stored.
    const asJson = await call(uploadFile, {
      token: adminToken,
      path: "/api/files?bucket=club-temp&name=blob.bin",
      body: {},
    });
    expect(asJson.status).toBe(415);
    expect(operationAt("/api/files", "post").responses).toHaveProperty("415");
    const png = {
      bytes: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      contentType: "image/png",
    };
    await documentedUpload(
      replacePhoto,
      { method: "PUT", path: `/api/members/${member.id}/photo?name=carla.png`, params: { id: member.id } },
      png,
    );
  });

  it("the document itself", async () => {
    await documented(openApiDocument, { path: "/api/openapi.json", token: undefined });
  });
});

// After the flows above, so that a recording run checks what they recorded.
describe("examples", () => {
  /** The document's own answer is the document: an example of it would be a copy. */
  const UNILLUSTRATED = new Set(["GET /api/openapi.json response"]);

  it("illustrate every JSON request body and success answer with an exchange a test made, true to today's schemas", () => {
    // Read now, not imported: a recording run (RECORD_OPENAPI_EXAMPLES=1) has just written it.
    const recorded = JSON.parse(readFileSync(EXAMPLES_FILE, "utf8")) as ExamplesByOperation;
    const expected = new Set<string>();
    const wrong: Record<string, unknown> = {};
    const check = (key: string, schema: z.ZodType, example: unknown) => {
      expected.add(key);
      if (UNILLUSTRATED.has(key)) return;
      const parsed = example === undefined ? undefined : schema.safeParse(example);
      if (!parsed?.success) wrong[key] = parsed?.error.issues ?? "no example";
    };
    for (const [folder, module] of Object.entries(DOCUMENTED_ROUTES_AND_DOCUMENT))
      for (const method of implementedMethods(module)) {
        const key = `${method} ${openApiPath(folder)}`;
        const declaration = routeDeclaration(module[method]);
        const { schema, contentType = "application/json" } = declaration?.response ?? {};
        if (declaration?.body) check(`${key} request`, declaration.body, recorded[key]?.request);
        if (schema && contentType === "application/json") check(`${key} response`, schema, recorded[key]?.response);
      }
    expect(wrong).toEqual({});
    const operations = new Set([...expected].map((key) => key.replace(/ (request|response)$/, "")));
    expect(
      Object.keys(recorded).filter((key) => !operations.has(key)),
      "examples of no operation",
    ).toEqual([]);
    for (const { source } of Object.values(recorded))
      expect(existsSync(path.resolve(API_DIR, "../..", source))).toBe(true);
  });

  it("are shown in the document", () => {
    const create = document.paths["/api/members"]?.post as { requestBody: Content; responses: Record<string, Content> };
    expect(create.requestBody.content["application/json"]?.example).toEqual(examples["POST /api/members"]?.request);
    expect(create.responses["201"]?.content["application/json"]?.example).toEqual(
      examples["POST /api/members"]?.response,
    );
  });
});
