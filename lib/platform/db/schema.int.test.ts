import "@/tests/support/isolated-env";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSetupDefaults } from "@/lib/setup/defaults";
import { createTestDatabase } from "@/tests/support/test-database";
import type { DatabaseAdapter } from ".";
import { MIGRATIONS_FOLDER } from "./migrations";
import {
  attendanceRecords,
  attendanceRequests,
  employeeCheckins,
  employees,
  members,
  plans,
  rolePermissions,
  roles,
  subscriptions,
  users,
} from "./schema";

let database: DatabaseAdapter;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function createEmployee(email: string) {
  const [user] = await database.db
    .insert(users)
    .values({ email, username: email, firstName: "Ana", lastName: "García", passwordHash: "x" })
    .returning();
  const [employee] = await database.db.insert(employees).values({ userId: user!.id }).returning();
  return employee!;
}

/** The constraint name PostgreSQL reports, wherever drizzle nests the driver error. */
async function violatedConstraint(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (error) {
    for (let e: unknown = error; e instanceof Error; e = e.cause) {
      if ("constraint_name" in e) return String(e.constraint_name);
      if ("constraint" in e) return String(e.constraint);
    }
    throw error;
  }
}

describe("schema constraints", () => {
  it("applies the migrations again without change", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it("keeps plan codes unique and prices non-negative", async () => {
    await database.db.insert(plans).values({ name: "Gold", code: "GOLD", monthlyPrice: "49.90" });
    expect(
      await violatedConstraint(
        database.db.insert(plans).values({ name: "Gold 2", code: "GOLD", monthlyPrice: "1.00" }),
      ),
    ).toBe("plans_code_key");
    expect(
      await violatedConstraint(database.db.insert(plans).values({ name: "Bad", code: "BAD", monthlyPrice: "-1.00" })),
    ).toBe("plans_prices_nonnegative");
    const [gold] = await database.db.select().from(plans).where(eq(plans.code, "GOLD"));
    expect(gold?.monthlyPrice).toBe("49.90");
  });

  it("allows one attendance record per employee and date", async () => {
    const employee = await createEmployee("record@example.com");
    const day = { employeeId: employee.id, date: "2026-03-29", status: "Absent" as const };
    await database.db.insert(attendanceRecords).values(day);
    expect(await violatedConstraint(database.db.insert(attendanceRecords).values(day))).toBe(
      "attendance_records_employee_date_key",
    );
  });

  it("refuses a second open clock-in for one employee, even when 20 arrive at once", async () => {
    const employee = await createEmployee("clock@example.com");
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        database.db.insert(employeeCheckins).values({ employeeId: employee.id, direction: "in", source: "MobileApp" }),
      ),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const open = await database.db.select().from(employeeCheckins).where(eq(employeeCheckins.employeeId, employee.id));
    expect(open).toHaveLength(1);
  });

  it("requires a note on a manual check event", async () => {
    const employee = await createEmployee("manual@example.com");
    const manual = { employeeId: employee.id, direction: "in" as const, source: "Manual" as const };
    expect(await violatedConstraint(database.db.insert(employeeCheckins).values({ ...manual, note: "  " }))).toBe(
      "employee_checkins_manual_note",
    );
  });

  it("allows one Open correction request per employee and date", async () => {
    const employee = await createEmployee("request@example.com");
    const request = {
      employeeId: employee.id,
      attendanceDate: "2026-10-25",
      requestedCheckIn: new Date("2026-10-25T07:00:00Z"),
      requestedCheckOut: new Date("2026-10-25T15:00:00Z"),
      reason: "forgot to clock out",
    };
    await database.db.insert(attendanceRequests).values(request);
    expect(await violatedConstraint(database.db.insert(attendanceRequests).values(request))).toBe(
      "attendance_requests_one_open",
    );
    await database.db.update(attendanceRequests).set({ status: "rejected", rejectionReason: "no evidence" });
    await expect(database.db.insert(attendanceRequests).values(request)).resolves.toBeDefined();
  });

  it("keeps one member's active subscriptions from overlapping, while a renewal may start where a term ends", async () => {
    const [plan] = await database.db
      .insert(plans)
      .values({ name: "Term", code: "TERM", monthlyPrice: "10.00" })
      .returning();
    const [member] = await database.db
      .insert(members)
      .values({ firstName: "Eva", lastName: "Term", email: "eva@club.example" })
      .returning();
    const term = (startedAt: string, endsAt: string, status: "active" | "canceled" = "active") => ({
      memberId: member!.id,
      planId: plan!.id,
      billingPeriod: "monthly" as const,
      startedAt: new Date(startedAt),
      endsAt: new Date(endsAt),
      price: "10.00",
      currency: "EUR",
      status,
    });
    await database.db.insert(subscriptions).values(term("2026-01-31T00:00:00Z", "2026-02-28T00:00:00Z"));
    await database.db.insert(subscriptions).values(term("2026-02-28T00:00:00Z", "2026-03-28T00:00:00Z"));
    expect(
      await violatedConstraint(
        database.db.insert(subscriptions).values(term("2026-02-15T00:00:00Z", "2026-03-15T00:00:00Z")),
      ),
    ).toBe("subscriptions_one_active_term");
    await database.db.insert(subscriptions).values(term("2026-02-15T00:00:00Z", "2026-03-15T00:00:00Z", "canceled"));
  });
});

describe("migration 0009", () => {
  it("gives an earlier install's built-in Admin the permissions added since, once, and no other role", async () => {
    await ensureSetupDefaults(database.db);
    await database.db.delete(rolePermissions).where(inArray(rolePermissions.permission, ["mail:write", "jobs:run"]));
    const file = await readFile(
      path.join(MIGRATIONS_FOLDER, "0009_names_ignore_case_mail_list_admin_grants.sql"),
      "utf8",
    );
    const grant = file
      .split("--> statement-breakpoint")
      .find((statement) => statement.includes('INSERT INTO "role_permissions"'));
    for (let run = 0; run < 2; run += 1) await database.db.execute(sql.raw(grant!));

    const granted = await database.db
      .select({ role: roles.name, permission: rolePermissions.permission })
      .from(rolePermissions)
      .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
      .where(inArray(rolePermissions.permission, ["mail:write", "jobs:run"]));
    expect(granted.sort((a, b) => a.permission.localeCompare(b.permission))).toEqual([
      { role: "Admin", permission: "jobs:run" },
      { role: "Admin", permission: "mail:write" },
    ]);
  });
});
