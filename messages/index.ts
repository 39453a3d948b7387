import type { ClubLanguage } from "@/lib/settings/club-locale";
import enApiReference from "./en/apiReference.json";
import enAttendance from "./en/attendance.json";
import enAudit from "./en/audit.json";
import enAuth from "./en/auth.json";
import enBillingReports from "./en/billingReports.json";
import enCommon from "./en/common.json";
import enDashboard from "./en/dashboard.json";
import enEmployees from "./en/employees.json";
import enErrors from "./en/errors.json";
import enHolidayLists from "./en/holidayLists.json";
import enInvoices from "./en/invoices.json";
import enMail from "./en/mail.json";
import enMembers from "./en/members.json";
import enPlans from "./en/plans.json";
import enRemittances from "./en/remittances.json";
import enRoles from "./en/roles.json";
import enSettings from "./en/settings.json";
import enShell from "./en/shell.json";
import enSignIns from "./en/signIns.json";
import enStaff from "./en/staff.json";
import enSystem from "./en/system.json";
import enUsers from "./en/users.json";
import esApiReference from "./es/apiReference.json";
import esAttendance from "./es/attendance.json";
import esAudit from "./es/audit.json";
import esAuth from "./es/auth.json";
import esBillingReports from "./es/billingReports.json";
import esCommon from "./es/common.json";
import esDashboard from "./es/dashboard.json";
import esEmployees from "./es/employees.json";
import esErrors from "./es/errors.json";
import esHolidayLists from "./es/holidayLists.json";
import esInvoices from "./es/invoices.json";
import esMail from "./es/mail.json";
import esMembers from "./es/members.json";
import esPlans from "./es/plans.json";
import esRemittances from "./es/remittances.json";
import esRoles from "./es/roles.json";
import esSettings from "./es/settings.json";
import esShell from "./es/shell.json";
import esSignIns from "./es/signIns.json";
import esStaff from "./es/staff.json";
import esSystem from "./es/system.json";
import esUsers from "./es/users.json";

/**
 * Every text a person reads in the console, by language and namespace (one file each: messages/<language>/<area>.json).
 * English is the reference: its keys type `t()` (global.d.ts), and messages.test.ts holds Spanish to the same keys
 * and ICU arguments.
 */
const catalogues = {
  en: {
    apiReference: enApiReference,
    attendance: enAttendance,
    audit: enAudit,
    auth: enAuth,
    billingReports: enBillingReports,
    common: enCommon,
    dashboard: enDashboard,
    employees: enEmployees,
    errors: enErrors,
    holidayLists: enHolidayLists,
    invoices: enInvoices,
    mail: enMail,
    members: enMembers,
    plans: enPlans,
    remittances: enRemittances,
    roles: enRoles,
    settings: enSettings,
    shell: enShell,
    signIns: enSignIns,
    staff: enStaff,
    system: enSystem,
    users: enUsers,
  },
  es: {
    apiReference: esApiReference,
    attendance: esAttendance,
    audit: esAudit,
    auth: esAuth,
    billingReports: esBillingReports,
    common: esCommon,
    dashboard: esDashboard,
    employees: esEmployees,
    errors: esErrors,
    holidayLists: esHolidayLists,
    invoices: esInvoices,
    mail: esMail,
    members: esMembers,
    plans: esPlans,
    remittances: esRemittances,
    roles: esRoles,
    settings: esSettings,
    shell: esShell,
    signIns: esSignIns,
    staff: esStaff,
    system: esSystem,
    users: esUsers,
  },
} satisfies Record<ClubLanguage, unknown>;

export type Messages = (typeof catalogues)["en"];

export const messagesFor = (language: ClubLanguage) => catalogues[language];

export const cataloguesByLanguage: Readonly<Record<ClubLanguage, Record<string, unknown>>> = catalogues;
