import "@/tests/support/isolated-env";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { platform, stopPlatform } from "@/lib/platform/container";
import { completeSetup, createAccount, loginAs } from "@/tests/support/accounts";
import { type ApiCall, call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { PUT as approveRequest } from "./attendance-requests/[id]/approve/route";
import { PUT as rejectRequest } from "./attendance-requests/[id]/reject/route";
import { GET as getAttendanceRequest } from "./attendance-requests/[id]/route";
import { GET as requestQueue, POST as submitRequest } from "./attendance-requests/route";
import { GET as listAuditActions } from "./audit-logs/actions/route";
import { GET as listAuditActors } from "./audit-logs/actors/route";
import { GET as listAuditLogs } from "./audit-logs/route";
import { POST as changePassword } from "./auth/change-password/route";
import { PUT as setOwnLanguage } from "./auth/me/language/route";
import { GET as me } from "./auth/me/route";
import { GET as overdueInvoices } from "./billing/overdue/route";
import { GET as revenueReport } from "./billing/report/route";
import { GET as attendanceDay } from "./employees/[id]/attendance/[date]/route";
import { GET as employeeAttendance } from "./employees/[id]/attendance/route";
import { GET as employeeClock } from "./employees/[id]/clock/route";
import { POST as clockInAny } from "./employees/[id]/clock-in/route";
import { POST as clockOutAny } from "./employees/[id]/clock-out/route";
import { GET as getEmployee, PUT as updateEmployee } from "./employees/[id]/route";
import { POST as createEmployee, GET as listEmployees } from "./employees/route";
import { GET as fileContent } from "./files/[id]/content/route";
import { GET as fileDownloadUrl } from "./files/[id]/download-url/route";
import { DELETE as deleteFile, GET as getFile } from "./files/[id]/route";
import { GET as listFiles, POST as uploadFile } from "./files/route";
import { POST as applyHolidayPreset } from "./holiday-lists/[id]/presets/route";
import {
  DELETE as deleteHolidayList,
  GET as getHolidayList,
  PUT as updateHolidayList,
} from "./holiday-lists/[id]/route";
import { POST as createHolidayList, GET as listHolidayLists } from "./holiday-lists/route";
import { GET as listHolidayPresets } from "./holiday-presets/route";
import { POST as recordPayment } from "./invoices/[id]/payments/route";
import { GET as getInvoicePdf } from "./invoices/[id]/pdf/route";
import { POST as rectifyInvoice } from "./invoices/[id]/rectifications/route";
import { POST as recordRefund } from "./invoices/[id]/refunds/route";
import { GET as getInvoice } from "./invoices/[id]/route";
import { POST as writeOffInvoice } from "./invoices/[id]/write-off/route";
import { GET as listInvoices } from "./invoices/route";
import { GET as verifyInvoices } from "./invoices/verification/route";
import { POST as runJob } from "./jobs/[name]/run/route";
import { GET as listJobs } from "./jobs/route";
import { POST as retryMail } from "./mail/[id]/retry/route";
import { GET as getMail } from "./mail/[id]/route";
import { GET as listMail } from "./mail/route";
import { GET as previewMailTemplate } from "./mail/templates/[name]/preview/route";
import { GET as listMailTemplates } from "./mail/templates/route";
import { GET as memberBalance } from "./members/[id]/balance/route";
import { GET as listMemberInvoices } from "./members/[id]/invoices/route";
import { POST as revokeMandate } from "./members/[id]/mandates/[mandateId]/revoke/route";
import { GET as getMandate } from "./members/[id]/mandates/[mandateId]/route";
import { POST as addMandate, GET as listMandates } from "./members/[id]/mandates/route";
import { GET as memberPhoto, PUT as putMemberPhoto } from "./members/[id]/photo/route";
import { DELETE as deleteMember, GET as getMember, PUT as updateMember } from "./members/[id]/route";
import { PUT as changeMemberStatus } from "./members/[id]/status/route";
import { POST as cancelTerm } from "./members/[id]/subscriptions/[sid]/cancel/route";
import { POST as changeTermPlan, GET as quoteChange } from "./members/[id]/subscriptions/[sid]/change-plan/route";
import { POST as renewTerm } from "./members/[id]/subscriptions/[sid]/renew/route";
import { GET as getTerm } from "./members/[id]/subscriptions/[sid]/route";
import { GET as listTerms, POST as subscribe } from "./members/[id]/subscriptions/route";
import { POST as enroll } from "./members/enroll/route";
import { GET as exportMembers } from "./members/export/route";
import { POST as createMember, GET as listMembers } from "./members/route";
import { GET as memberStatistics } from "./members/statistics/route";
import { GET as listPermissions } from "./permissions/route";
import { DELETE as deactivatePlan, GET as getPlan, PUT as updatePlan } from "./plans/[id]/route";
import { POST as createPlan, GET as listPlans } from "./plans/route";
import { GET as remittanceFile } from "./remittances/[id]/file/route";
import { POST as importReturns } from "./remittances/[id]/returns/route";
import { DELETE as deleteRemittance, GET as getRemittance } from "./remittances/[id]/route";
import { POST as sendRemittance } from "./remittances/[id]/send/route";
import { POST as settleRemittance } from "./remittances/[id]/settle/route";
import { GET as remittanceCandidates } from "./remittances/candidates/route";
import { POST as buildRemittance, GET as listRemittances } from "./remittances/route";
import { DELETE as deleteRole, GET as getRole, PUT as updateRole } from "./roles/[id]/route";
import { POST as createRole, GET as listRoles } from "./roles/route";
import { GET as getSettings, PUT as updateSettings } from "./settings/route";
import { DELETE as deleteShiftType, GET as getShiftType, PUT as updateShiftType } from "./shift-types/[id]/route";
import { POST as createShiftType, GET as listShiftTypes } from "./shift-types/route";
import { POST as resendInvitation } from "./staff/[id]/invitation/route";
import { POST as addStaffMember } from "./staff/route";
import { POST as blacklist, DELETE as liftBlacklist } from "./users/[id]/blacklist/route";
import { PUT as assignRoles } from "./users/[id]/roles/route";
import { DELETE as deactivateUser, GET as getUser, PUT as updateUser } from "./users/[id]/route";
import { GET as ownAttendance } from "./users/me/attendance/route";
import { GET as ownRequests } from "./users/me/attendance-requests/route";
import { GET as ownClock } from "./users/me/clock/route";
import { POST as clockIn } from "./users/me/clock-in/route";
import { POST as clockOut } from "./users/me/clock-out/route";
import { POST as createUser, GET as listUsers } from "./users/route";

const someId = "00000000-0000-4000-8000-000000000000";
const params = { id: someId };
const termParams = { id: someId, sid: someId };
const mandateParams = { id: someId, mandateId: someId };
const plan = { name: "P", code: "PP", monthlyPrice: "1" };
const user = { email: "a@club.example", username: "abc", firstName: "A", lastName: "B", isActive: true };
const member = { email: "m@club.example", firstName: "M", lastName: "N" };
const holidayList = { name: "H", weeklyOffDays: [6, 7] };
const shiftType = { name: "S", shiftStart: "09:00", shiftEnd: "17:00" };
const clock = { source: "MobileApp" };
const correction = {
  date: "2026-11-20",
  checkIn: "2026-11-20T08:00:00Z",
  checkOut: "2026-11-20T16:00:00Z",
  reason: "x",
};

/** Every protected endpoint, with the permission it needs. */
const ENDPOINTS: Array<[string, string, Parameters<typeof call>[0], ApiCall]> = [
  ["GET /api/auth/me", "authenticated", me, { path: "/api/auth/me" }],
  [
    "PUT /api/auth/me/language",
    "authenticated",
    setOwnLanguage,
    { path: "/api/auth/me/language", method: "PUT", body: { language: "es" } },
  ],
  ["GET /api/settings", "settings:read", getSettings, { path: "/api/settings" }],
  [
    "PUT /api/settings",
    "settings:write",
    updateSettings,
    {
      path: "/api/settings",
      method: "PUT",
      body: { clubName: "C", language: "es", timeZone: "Europe/Madrid", currency: "EUR" },
    },
  ],
  [
    "POST /api/auth/change-password",
    "authenticated",
    changePassword,
    { path: "/api/auth/change-password", body: { currentPassword: "a", newPassword: "b" } },
  ],
  ["GET /api/users", "users:read", listUsers, { path: "/api/users" }],
  ["POST /api/users", "users:write", createUser, { path: "/api/users", body: { ...user, password: "x" } }],
  ["GET /api/users/{id}", "users:read", getUser, { path: `/api/users/${someId}`, params }],
  [
    "PUT /api/users/{id}",
    "users:write",
    updateUser,
    { path: `/api/users/${someId}`, method: "PUT", params, body: user },
  ],
  ["DELETE /api/users/{id}", "users:write", deactivateUser, { path: `/api/users/${someId}`, method: "DELETE", params }],
  [
    "PUT /api/users/{id}/roles",
    "users:write",
    assignRoles,
    { path: `/api/users/${someId}/roles`, method: "PUT", params, body: { roles: [] } },
  ],
  [
    "POST /api/users/{id}/blacklist",
    "users:write",
    blacklist,
    { path: `/api/users/${someId}/blacklist`, params, body: { reason: "x" } },
  ],
  [
    "DELETE /api/users/{id}/blacklist",
    "users:write",
    liftBlacklist,
    { path: `/api/users/${someId}/blacklist`, method: "DELETE", params },
  ],
  [
    "POST /api/staff",
    "users:write",
    addStaffMember,
    { path: "/api/staff", body: { email: "s@club.example", firstName: "S", lastName: "T" } },
  ],
  [
    "POST /api/staff/{id}/invitation",
    "users:write",
    resendInvitation,
    { path: `/api/staff/${someId}/invitation`, method: "POST", params },
  ],
  ["GET /api/roles", "roles:read", listRoles, { path: "/api/roles" }],
  ["POST /api/roles", "roles:write", createRole, { path: "/api/roles", body: { name: "X", permissions: [] } }],
  ["GET /api/roles/{id}", "roles:read", getRole, { path: `/api/roles/${someId}`, params }],
  [
    "PUT /api/roles/{id}",
    "roles:write",
    updateRole,
    { path: `/api/roles/${someId}`, method: "PUT", params, body: { name: "X", permissions: [] } },
  ],
  ["DELETE /api/roles/{id}", "roles:write", deleteRole, { path: `/api/roles/${someId}`, method: "DELETE", params }],
  ["GET /api/permissions", "permissions:read", listPermissions, { path: "/api/permissions" }],
  ["GET /api/invoices", "billing:read", listInvoices, { path: "/api/invoices" }],
  ["GET /api/billing/report", "billing:read", revenueReport, { path: "/api/billing/report" }],
  ["GET /api/billing/overdue", "billing:read", overdueInvoices, { path: "/api/billing/overdue" }],
  ["GET /api/invoices/verification", "billing:read", verifyInvoices, { path: "/api/invoices/verification" }],
  ["GET /api/invoices/{id}", "billing:read", getInvoice, { path: `/api/invoices/${someId}`, params }],
  ["GET /api/invoices/{id}/pdf", "billing:read", getInvoicePdf, { path: `/api/invoices/${someId}/pdf`, params }],
  [
    "POST /api/invoices/{id}/rectifications",
    "billing:refund",
    rectifyInvoice,
    { path: `/api/invoices/${someId}/rectifications`, params, body: { reason: "x" } },
  ],
  [
    "POST /api/invoices/{id}/payments",
    "billing:write",
    recordPayment,
    { path: `/api/invoices/${someId}/payments`, params, body: { amount: "1.00", method: "cash" } },
  ],
  [
    "POST /api/invoices/{id}/refunds",
    "billing:refund",
    recordRefund,
    { path: `/api/invoices/${someId}/refunds`, params, body: { amount: "1.00", method: "cash" } },
  ],
  [
    "POST /api/invoices/{id}/write-off",
    "billing:refund",
    writeOffInvoice,
    { path: `/api/invoices/${someId}/write-off`, params, body: { reason: "x" } },
  ],
  ["GET /api/remittances", "billing:read", listRemittances, { path: "/api/remittances" }],
  [
    "POST /api/remittances",
    "billing:remittances",
    buildRemittance,
    { path: "/api/remittances", body: { collectionDate: "2099-01-05" } },
  ],
  [
    "GET /api/remittances/candidates",
    "billing:remittances",
    remittanceCandidates,
    { path: "/api/remittances/candidates?collectionDate=2099-01-05" },
  ],
  ["GET /api/remittances/{id}", "billing:read", getRemittance, { path: `/api/remittances/${someId}`, params }],
  [
    "DELETE /api/remittances/{id}",
    "billing:remittances",
    deleteRemittance,
    { path: `/api/remittances/${someId}`, method: "DELETE", params },
  ],
  [
    "GET /api/remittances/{id}/file",
    "billing:read",
    remittanceFile,
    { path: `/api/remittances/${someId}/file`, params },
  ],
  [
    "POST /api/remittances/{id}/send",
    "billing:remittances",
    sendRemittance,
    { path: `/api/remittances/${someId}/send`, method: "POST", params },
  ],
  [
    "POST /api/remittances/{id}/returns",
    "billing:remittances",
    importReturns,
    { path: `/api/remittances/${someId}/returns`, params, body: { invoiceNumber: "F2026-000001", reasonCode: "AM04" } },
  ],
  [
    "POST /api/remittances/{id}/settle",
    "billing:remittances",
    settleRemittance,
    { path: `/api/remittances/${someId}/settle`, method: "POST", params },
  ],
  ["GET /api/members/{id}/balance", "billing:read", memberBalance, { path: `/api/members/${someId}/balance`, params }],
  [
    "GET /api/members/{id}/invoices",
    "billing:read",
    listMemberInvoices,
    { path: `/api/members/${someId}/invoices`, params },
  ],
  ["GET /api/plans", "plans:read", listPlans, { path: "/api/plans" }],
  ["POST /api/plans", "plans:write", createPlan, { path: "/api/plans", body: plan }],
  ["GET /api/plans/{id}", "plans:read", getPlan, { path: `/api/plans/${someId}`, params }],
  [
    "PUT /api/plans/{id}",
    "plans:write",
    updatePlan,
    { path: `/api/plans/${someId}`, method: "PUT", params, body: plan },
  ],
  [
    "DELETE /api/plans/{id}",
    "plans:delete",
    deactivatePlan,
    { path: `/api/plans/${someId}`, method: "DELETE", params },
  ],
  ["GET /api/members", "members:read", listMembers, { path: "/api/members" }],
  ["POST /api/members", "members:write", createMember, { path: "/api/members", body: member }],
  [
    "POST /api/members/enroll",
    "members:write",
    enroll,
    { path: "/api/members/enroll", body: { member, subscription: { planId: someId, billingPeriod: "monthly" } } },
  ],
  [
    "GET /api/members/{id}/subscriptions",
    "subscriptions:read",
    listTerms,
    { path: `/api/members/${someId}/subscriptions`, params },
  ],
  [
    "POST /api/members/{id}/subscriptions",
    "subscriptions:write",
    subscribe,
    { path: `/api/members/${someId}/subscriptions`, params, body: { planId: someId, billingPeriod: "monthly" } },
  ],
  [
    "GET /api/members/{id}/subscriptions/{sid}",
    "subscriptions:read",
    getTerm,
    { path: `/api/members/${someId}/subscriptions/${someId}`, params: termParams },
  ],
  [
    "GET …/{sid}/change-plan",
    "subscriptions:change_plan",
    quoteChange,
    { path: `/api/members/${someId}/subscriptions/${someId}/change-plan?planId=${someId}`, params: termParams },
  ],
  [
    "POST …/{sid}/change-plan",
    "subscriptions:change_plan",
    changeTermPlan,
    {
      path: `/api/members/${someId}/subscriptions/${someId}/change-plan`,
      params: termParams,
      body: { planId: someId },
    },
  ],
  [
    "POST …/{sid}/renew",
    "subscriptions:renew",
    renewTerm,
    { path: `/api/members/${someId}/subscriptions/${someId}/renew`, method: "POST", params: termParams },
  ],
  [
    "POST …/{sid}/cancel",
    "subscriptions:cancel",
    cancelTerm,
    { path: `/api/members/${someId}/subscriptions/${someId}/cancel`, method: "POST", params: termParams },
  ],
  ["GET /api/members/{id}/mandates", "billing:read", listMandates, { path: `/api/members/${someId}/mandates`, params }],
  [
    "POST /api/members/{id}/mandates",
    "billing:write",
    addMandate,
    {
      path: `/api/members/${someId}/mandates`,
      params,
      body: { iban: "ES9121000418450200051332", signedOn: "2026-01-15" },
    },
  ],
  [
    "GET /api/members/{id}/mandates/{mandateId}",
    "billing:read",
    getMandate,
    { path: `/api/members/${someId}/mandates/${someId}`, params: mandateParams },
  ],
  [
    "POST …/mandates/{mandateId}/revoke",
    "billing:write",
    revokeMandate,
    { path: `/api/members/${someId}/mandates/${someId}/revoke`, method: "POST", params: mandateParams },
  ],
  ["GET /api/members/{id}", "members:read", getMember, { path: `/api/members/${someId}`, params }],
  [
    "PUT /api/members/{id}",
    "members:write",
    updateMember,
    { path: `/api/members/${someId}`, method: "PUT", params, body: member },
  ],
  [
    "DELETE /api/members/{id}",
    "members:delete",
    deleteMember,
    { path: `/api/members/${someId}`, method: "DELETE", params },
  ],
  [
    "PUT /api/members/{id}/status",
    "members:write",
    changeMemberStatus,
    { path: `/api/members/${someId}/status`, method: "PUT", params, body: { status: "active" } },
  ],
  ["GET /api/members/statistics", "members:read", memberStatistics, { path: "/api/members/statistics" }],
  ["GET /api/members/export", "members:read", exportMembers, { path: "/api/members/export" }],
  ["GET /api/employees", "employees:read", listEmployees, { path: "/api/employees" }],
  ["POST /api/employees", "employees:write", createEmployee, { path: "/api/employees", body: { userId: someId } }],
  ["GET /api/employees/{id}", "employees:read", getEmployee, { path: `/api/employees/${someId}`, params }],
  [
    "PUT /api/employees/{id}",
    "employees:write",
    updateEmployee,
    { path: `/api/employees/${someId}`, method: "PUT", params, body: { isActive: true } },
  ],
  ["GET /api/holiday-lists", "employees:read", listHolidayLists, { path: "/api/holiday-lists" }],
  ["POST /api/holiday-lists", "employees:write", createHolidayList, { path: "/api/holiday-lists", body: holidayList }],
  ["GET /api/holiday-lists/{id}", "employees:read", getHolidayList, { path: `/api/holiday-lists/${someId}`, params }],
  [
    "PUT /api/holiday-lists/{id}",
    "employees:write",
    updateHolidayList,
    { path: `/api/holiday-lists/${someId}`, method: "PUT", params, body: holidayList },
  ],
  [
    "DELETE /api/holiday-lists/{id}",
    "employees:write",
    deleteHolidayList,
    { path: `/api/holiday-lists/${someId}`, method: "DELETE", params },
  ],
  [
    "POST /api/holiday-lists/{id}/presets",
    "employees:write",
    applyHolidayPreset,
    { path: `/api/holiday-lists/${someId}/presets`, params, body: { preset: "es", year: 2026 } },
  ],
  ["GET /api/holiday-presets", "employees:read", listHolidayPresets, { path: "/api/holiday-presets" }],
  ["GET /api/shift-types", "employees:read", listShiftTypes, { path: "/api/shift-types" }],
  ["POST /api/shift-types", "employees:write", createShiftType, { path: "/api/shift-types", body: shiftType }],
  ["GET /api/shift-types/{id}", "employees:read", getShiftType, { path: `/api/shift-types/${someId}`, params }],
  [
    "PUT /api/shift-types/{id}",
    "employees:write",
    updateShiftType,
    { path: `/api/shift-types/${someId}`, method: "PUT", params, body: shiftType },
  ],
  [
    "DELETE /api/shift-types/{id}",
    "employees:write",
    deleteShiftType,
    { path: `/api/shift-types/${someId}`, method: "DELETE", params },
  ],
  [
    "POST /api/employees/{id}/clock-in",
    "attendance:clock-in-any",
    clockInAny,
    { path: `/api/employees/${someId}/clock-in`, params, body: clock },
  ],
  [
    "POST /api/employees/{id}/clock-out",
    "attendance:clock-out-any",
    clockOutAny,
    { path: `/api/employees/${someId}/clock-out`, params, body: clock },
  ],
  [
    "GET /api/employees/{id}/clock",
    "attendance:read-any",
    employeeClock,
    { path: `/api/employees/${someId}/clock`, params },
  ],
  [
    "GET /api/employees/{id}/attendance",
    "attendance:read-any",
    employeeAttendance,
    { path: `/api/employees/${someId}/attendance`, params },
  ],
  [
    "GET /api/employees/{id}/attendance/{date}",
    "attendance:read-any",
    attendanceDay,
    { path: `/api/employees/${someId}/attendance/2026-11-20`, params: { id: someId, date: "2026-11-20" } },
  ],
  ["POST /api/users/me/clock-in", "attendance:clock-in", clockIn, { path: "/api/users/me/clock-in", body: clock }],
  ["POST /api/users/me/clock-out", "attendance:clock-in", clockOut, { path: "/api/users/me/clock-out", body: clock }],
  ["GET /api/users/me/clock", "attendance:clock-in", ownClock, { path: "/api/users/me/clock" }],
  ["GET /api/users/me/attendance", "attendance:read", ownAttendance, { path: "/api/users/me/attendance" }],
  [
    "GET /api/users/me/attendance-requests",
    "attendance-requests:read",
    ownRequests,
    { path: "/api/users/me/attendance-requests" },
  ],
  [
    "POST /api/attendance-requests",
    "attendance-requests:write",
    submitRequest,
    { path: "/api/attendance-requests", body: correction },
  ],
  ["GET /api/attendance-requests", "attendance-requests:manage", requestQueue, { path: "/api/attendance-requests" }],
  [
    "GET /api/attendance-requests/{id}",
    "authenticated",
    getAttendanceRequest,
    { path: `/api/attendance-requests/${someId}`, params },
  ],
  [
    "PUT /api/attendance-requests/{id}/approve",
    "attendance-requests:manage",
    approveRequest,
    { path: `/api/attendance-requests/${someId}/approve`, method: "PUT", params },
  ],
  [
    "PUT /api/attendance-requests/{id}/reject",
    "attendance-requests:manage",
    rejectRequest,
    { path: `/api/attendance-requests/${someId}/reject`, method: "PUT", params, body: { reason: "x" } },
  ],
  ["GET /api/jobs", "jobs:run", listJobs, { path: "/api/jobs" }],
  [
    "POST /api/jobs/{name}/run",
    "jobs:run",
    runJob,
    { path: "/api/jobs/deliver-mail/run", params: { name: "deliver-mail" }, method: "POST" },
  ],
  ["GET /api/files", "files:read", listFiles, { path: "/api/files" }],
  ["POST /api/files", "files:write", uploadFile, { path: "/api/files?bucket=club-documents&name=a.txt", body: "x" }],
  ["GET /api/files/{id}", "files:read", getFile, { path: `/api/files/${someId}`, params }],
  ["DELETE /api/files/{id}", "files:delete", deleteFile, { path: `/api/files/${someId}`, method: "DELETE", params }],
  ["GET /api/files/{id}/content", "files:read", fileContent, { path: `/api/files/${someId}/content`, params }],
  [
    "GET /api/files/{id}/download-url",
    "files:read",
    fileDownloadUrl,
    { path: `/api/files/${someId}/download-url`, params },
  ],
  ["GET /api/members/{id}/photo", "files:read", memberPhoto, { path: `/api/members/${someId}/photo`, params }],
  [
    "PUT /api/members/{id}/photo",
    "files:write",
    putMemberPhoto,
    { path: `/api/members/${someId}/photo`, method: "PUT", params, body: "x" },
  ],
  ["GET /api/audit-logs", "audit:read", listAuditLogs, { path: "/api/audit-logs" }],
  ["GET /api/audit-logs/actions", "audit:read", listAuditActions, { path: "/api/audit-logs/actions" }],
  ["GET /api/audit-logs/actors", "audit:read", listAuditActors, { path: "/api/audit-logs/actors?search=a" }],
  ["GET /api/mail", "mail:read", listMail, { path: "/api/mail" }],
  ["GET /api/mail/{id}", "mail:read", getMail, { path: `/api/mail/${someId}`, params }],
  ["POST /api/mail/{id}/retry", "mail:write", retryMail, { path: `/api/mail/${someId}/retry`, method: "POST", params }],
  ["GET /api/mail/templates", "mail:read", listMailTemplates, { path: "/api/mail/templates" }],
  [
    "GET /api/mail/templates/{name}/preview",
    "mail:read",
    previewMailTemplate,
    { path: "/api/mail/templates/welcome/preview", params: { name: "welcome" } },
  ],
];

/** Open to any signed-in caller for their own records, but not before a temporary password is replaced. */
const OWN_RECORDS = new Set(["GET /api/attendance-requests/{id}"]);

let plainUserToken: string;
let temporaryPasswordToken: string;

beforeAll(async () => {
  await resetDatabase((await platform()).database);
  const adminToken = await completeSetup();
  plainUserToken = (await createAccount(adminToken, ["User"])).token;
  await call(createUser, {
    path: "/api/users",
    token: adminToken,
    body: {
      email: "fresh@club.example",
      username: "fresh",
      firstName: "F",
      lastName: "R",
      password: "Temporary-Pass1x",
      roles: ["Admin"],
    },
  });
  temporaryPasswordToken = await loginAs("fresh@club.example", "Temporary-Pass1x");
});
afterAll(stopPlatform);

describe.each(ENDPOINTS)("%s (%s)", (_name, access, handler, request) => {
  it("answers 401 Auth.MissingToken without a token, before validating anything", async () => {
    const reply = await call(handler, request);
    expect(reply).toMatchObject({ status: 401, body: { code: "Auth.MissingToken" } });
  });

  it.skipIf(access === "authenticated")(
    "answers 403 Auth.Forbidden to a signed-in user without the permission",
    async () => {
      const reply = await call(handler, { ...request, token: plainUserToken });
      expect(reply).toMatchObject({ status: 403, body: { code: "Auth.Forbidden", message: expect.any(String) } });
    },
  );

  it.skipIf(access === "authenticated" && !OWN_RECORDS.has(_name))(
    "answers 403 Auth.PasswordChangeRequired while a temporary password is unchanged",
    async () => {
      const reply = await call(handler, { ...request, token: temporaryPasswordToken });
      expect(reply).toMatchObject({ status: 403, body: { code: "Auth.PasswordChangeRequired" } });
    },
  );
});
