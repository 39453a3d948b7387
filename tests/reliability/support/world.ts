import { sql } from "drizzle-orm";
import { POST as submitRequest } from "@/app/api/attendance-requests/route";
import { POST as logout } from "@/app/api/auth/logout/route";
import { POST as createEmployee } from "@/app/api/employees/route";
import { POST as uploadFile } from "@/app/api/files/route";
import { POST as createHolidayList } from "@/app/api/holiday-lists/route";
import { POST as addMandate } from "@/app/api/members/[id]/mandates/route";
import { POST as enroll } from "@/app/api/members/enroll/route";
import { POST as createPlan } from "@/app/api/plans/route";
import { POST as createShiftType } from "@/app/api/shift-types/route";
import { POST as blacklist } from "@/app/api/users/[id]/blacklist/route";
import { POST as createUser } from "@/app/api/users/route";
import { TEMPLATE_NAMES } from "@/emails/registry";
import { JOBS } from "@/lib/jobs/definitions";
import type { Platform } from "@/lib/platform/container";
import { PEER_ADDRESS_HEADER } from "@/lib/platform/http/client-ip";
import { type Account, completeSetup, createAccount, loginAs } from "@/tests/support/accounts";
import { type ApiCall, call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { addEmployee } from "@/tests/support/staff";
import { send } from "./request";

/** A club with a bit of everything, and callers of every kind the API must tell apart. */
export type World = {
  adminId: string;
  /** The super-admin's token, used by most requests so they reach validation and the services. */
  adminToken: string;
  /** Signed in, role User: no permission beyond its own profile. */
  plainUser: Account;
  /** An Admin who has not replaced the temporary password yet. */
  temporaryPasswordToken: string;
  /** Logged out: on the deny-list. */
  loggedOutToken: string;
  /** The account was blacklisted after the token was issued. */
  blacklistedToken: string;
  /** A token for logout requests, so fuzzing logout never revokes the admin's token. */
  disposableToken: string;
  /** Known ids by kind (`members`, `plans`, `subscriptions`, …), for path parameters and body properties. */
  ids: Record<string, string[]>;
};

async function expect201(
  what: string,
  handler: Parameters<typeof call>[0],
  request: ApiCall,
): Promise<Record<string, unknown>> {
  const reply = await call(handler, request);
  if (reply.status !== 201 && reply.status !== 200)
    throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Empties the database and builds the world through the API (the services' own rules make it consistent). */
export async function buildWorld(running: Platform): Promise<World> {
  await resetDatabase(running.database);
  const adminToken = await completeSetup();
  const [admin] = await running.database.rows<{ id: string }>(running.database.db, sql`select id from users limit 1`);
  const adminId = admin!.id;
  await addEmployee(running.database.db, adminId);

  const plainUser = await createAccount(adminToken, ["User"]);
  const staff = [await createAccount(adminToken, ["Employee"]), await createAccount(adminToken, ["Employee"])];
  const victim = await createAccount(adminToken, ["User"]);
  const blacklisted = await createAccount(adminToken, ["Employee"]);
  await expect201("blacklist", blacklist, {
    path: `/api/users/${blacklisted.id}/blacklist`,
    token: adminToken,
    params: { id: blacklisted.id },
    body: { reason: "fuzz" },
  });
  await expect201("temporary admin", createUser, {
    path: "/api/users",
    token: adminToken,
    body: {
      email: "fresh@club.example",
      username: "fresh",
      firstName: "T",
      lastName: "P",
      password: "Temporary-Pass1x",
      roles: ["Admin"],
    },
  });
  const temporaryPasswordToken = await loginAs("fresh@club.example", "Temporary-Pass1x");
  const loggedOutToken = await loginAs(victim.email, victim.password);
  await send(logout, {
    method: "POST",
    path: "/api/auth/logout",
    headers: { authorization: `Bearer ${loggedOutToken}`, [PEER_ADDRESS_HEADER]: "10.9.9.9" },
  });
  const disposableToken = await loginAs(victim.email, victim.password);

  const holidayList = await expect201("holiday list", createHolidayList, {
    path: "/api/holiday-lists",
    token: adminToken,
    body: { name: "Spain", weeklyOffDays: [6, 7], entries: [{ date: "2026-12-25", description: "Christmas" }] },
  });
  await expect201("shift type", createShiftType, {
    path: "/api/shift-types",
    token: adminToken,
    body: { name: "Day", shiftStart: "09:00", shiftEnd: "17:00" },
  });
  for (const account of staff) {
    await expect201("employee", createEmployee, {
      path: "/api/employees",
      token: adminToken,
      body: { userId: account.id, holidayListId: holidayList.id },
    });
  }
  const plans = [];
  for (const [i, price] of ["10.00", "25.50", "99.99"].entries()) {
    plans.push(
      await expect201("plan", createPlan, {
        path: "/api/plans",
        token: adminToken,
        body: { name: `Plan ${i}`, code: `PLAN${i}`, monthlyPrice: price, annualPrice: "100.00" },
      }),
    );
  }
  const enrolled: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const enrolment = await expect201("enrolment", enroll, {
      path: "/api/members/enroll",
      token: adminToken,
      body: {
        member: {
          firstName: `Member${i}`,
          lastName: "Seeded",
          email: `member${i}@club.example`,
          phone: "+34 600 000 000",
        },
        subscription: {
          planId: plans[i % plans.length]!.id,
          billingPeriod: i % 2 ? "monthly" : "annual",
          autoRenew: i % 3 === 0,
        },
      },
    });
    enrolled.push((enrolment.member as { id: string }).id);
  }
  for (const [i, memberId] of enrolled.slice(0, 2).entries()) {
    await expect201("mandate", addMandate, {
      path: `/api/members/${memberId}/mandates`,
      params: { id: memberId },
      token: adminToken,
      body: { iban: ["ES9121000418450200051332", "ES7921000813610123456789"][i], signedOn: daysAgo(30) },
    });
  }
  for (const days of [1, 2, 3]) {
    await expect201("correction request", submitRequest, {
      path: "/api/attendance-requests",
      token: adminToken,
      body: {
        date: daysAgo(days),
        checkIn: `${daysAgo(days)}T08:00:00Z`,
        checkOut: `${daysAgo(days)}T16:00:00Z`,
        reason: "forgot to clock",
      },
    });
  }
  for (const bucket of ["club-documents", "club-temp"]) {
    const reply = await send(uploadFile, {
      method: "POST",
      path: "/api/files",
      query: `bucket=${bucket}&name=seed.txt`,
      headers: {
        authorization: `Bearer ${adminToken}`,
        "content-type": "text/plain",
        [PEER_ADDRESS_HEADER]: "10.9.9.9",
      },
      body: "seeded file",
    });
    if (reply.status !== 201) throw new Error(`upload: ${reply.status} ${reply.text}`);
  }

  const idsOf = async (table: string) =>
    (
      await running.database.rows<{ id: string }>(
        running.database.db,
        sql.raw(`select id::text as id from ${table} order by id limit 20`),
      )
    ).map((row) => row.id);
  const ids: Record<string, string[]> = {};
  for (const [kind, table] of Object.entries({
    users: "users",
    roles: "roles",
    plans: "plans",
    members: "members",
    subscriptions: "subscriptions",
    employees: "employees",
    "holiday-lists": "holiday_lists",
    "shift-types": "shift_types",
    "attendance-requests": "attendance_requests",
    files: "files",
    mail: "mail_outbox",
    mandates: "sepa_mandates",
  })) {
    ids[kind] = await idsOf(table);
  }
  ids.jobs = JOBS.map((job) => job.name);
  ids.templates = [...TEMPLATE_NAMES];
  return {
    adminId,
    adminToken,
    plainUser,
    temporaryPasswordToken,
    loggedOutToken,
    blacklistedToken: blacklisted.token,
    disposableToken,
    ids,
  };
}

/** The kind of entity a parameter or property names: `{id}` after `/members`, `sid`, `planId`, a job's `{name}` … */
export function idKindOf(name: string, path = ""): string | undefined {
  if (name === "sid") return "subscriptions";
  if (name === "mandateId") return "mandates";
  if (name === "name" && path.includes("/jobs/{name}")) return "jobs";
  if (name === "name" && path.includes("/templates/{name}")) return "templates";
  if (name === "id") return /\/api\/([a-z-]+)\/\{id\}/.exec(path)?.[1];
  const prefix = /^(plan|member|user|employee|holidayList|shiftType|actor|file|role)Id$/.exec(name)?.[1];
  const kinds: Record<string, string> = {
    plan: "plans",
    member: "members",
    user: "users",
    actor: "users",
    employee: "employees",
    holidayList: "holiday-lists",
    shiftType: "shift-types",
    file: "files",
    role: "roles",
  };
  return prefix ? kinds[prefix] : undefined;
}
