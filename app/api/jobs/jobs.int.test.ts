import "@/tests/support/isolated-env";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { attendanceRecords, auditOutbox } from "@/lib/platform/db/schema";
import { completeSetup, createAccount } from "@/tests/support/accounts";
import { call } from "@/tests/support/api";
import { resetDatabase } from "@/tests/support/reset-database";
import { addEmployee } from "@/tests/support/staff";
import { POST as runJob } from "./[name]/run/route";
import { GET as listJobs } from "./route";

let running: Platform;
let token: string;

const run = (name: string, body?: object) =>
  call(runJob, { path: `/api/jobs/${name}/run`, token, params: { name }, body, method: "POST" });

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
  token = await completeSetup();
});
afterAll(stopPlatform);

describe("background jobs API", () => {
  it("lists every job with its schedule and whether it takes a date", async () => {
    const reply = await call<{ items: Array<{ name: string; cron: string; acceptsDate: boolean; nextRunAt: string }> }>(
      listJobs,
      {
        path: "/api/jobs",
        token,
      },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.items).toContainEqual(
      expect.objectContaining({
        name: "process-daily-attendance",
        cron: "TZ=Europe/Madrid 0 3 * * *",
        acceptsDate: true,
        // 03:00 in Madrid: 02:00 UTC in winter, 01:00 in summer.
        nextRunAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T0[12]:00:00\.000Z$/),
      }),
    );
    expect(reply.body.items).toContainEqual(
      expect.objectContaining({ name: "process-auto-renewals", acceptsDate: false }),
    );
  });

  it("runs the attendance classification for a given day now, and audits who asked", async () => {
    const staff = await createAccount(token, ["Employee"]);
    const employeeId = await addEmployee(running.database.db, staff.id);
    const reply = await run("process-daily-attendance", { date: "2026-11-18" });
    expect(reply).toMatchObject({
      status: 200,
      body: { job: "process-daily-attendance", status: "completed", outcome: { date: "2026-11-18" } },
    });
    const [row] = await running.database.db
      .select()
      .from(attendanceRecords)
      .where(eq(attendanceRecords.employeeId, employeeId));
    expect(row).toMatchObject({ date: "2026-11-18", status: "Absent" });
    const audits = await running.database.db
      .select()
      .from(auditOutbox)
      .where(eq(auditOutbox.action, "jobs.run_requested"));
    expect(audits).toMatchObject([
      { entity: "job", entityId: "process-daily-attendance", data: { date: "2026-11-18" } },
    ]);
  });

  it("answers 404 Job.NotFound, 400 for a bad name or date or a date the job does not take, 409 Job.AlreadyRunning under its lock", async () => {
    expect(await run("no-such-job")).toMatchObject({ status: 404, body: { code: "Job.NotFound" } });
    expect((await run("Bad_Name")).status).toBe(400);
    expect((await run("process-daily-attendance", { date: "2026-13-01" })).body).toMatchObject({
      errors: { date: [expect.any(String)] },
    });
    expect((await run("process-auto-renewals", { date: "2026-11-18" })).body).toMatchObject({
      errors: { date: ["process-auto-renewals does not take a date."] },
    });
    const lock = await running.cache.acquireLock("jobs:lock:process-daily-attendance", 60);
    expect(await run("process-daily-attendance")).toMatchObject({ status: 409, body: { code: "Job.AlreadyRunning" } });
    await running.cache.releaseLock("jobs:lock:process-daily-attendance", lock ?? "");
  });
});
