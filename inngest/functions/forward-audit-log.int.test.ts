import "@/tests/support/isolated-env";
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "@/lib/audit/record";
import { type Platform, platform, stopPlatform } from "@/lib/platform/container";
import { slotEvent } from "@/tests/support/job-slots";
import { resetDatabase } from "@/tests/support/reset-database";
import { inngestFunction } from ".";

const forwardAuditLog = inngestFunction("forward-audit-log");

let running: Platform;

beforeAll(async () => {
  running = await platform();
  await resetDatabase(running.database);
});
afterAll(stopPlatform);

describe("forward-audit-log Inngest function", () => {
  it("forwards pending audit entries to ClickHouse in its step", async () => {
    for (const action of ["personnel.clock_in", "personnel.manual_checkin", "personnel.clock_out"]) {
      await recordAudit(running.database.db, { action, severity: "Info", entity: "employee", entityId: "e-1" });
    }

    const engine = new InngestTestEngine({ function: forwardAuditLog, events: [slotEvent(1)] });
    const { result, error } = await engine.execute();

    expect(error).toBeUndefined();
    expect(result).toMatchObject({ status: "completed", outcome: { forwarded: 3 } });
    const rows = await running.analytics.query<{ action: string }>(
      "SELECT action FROM audit_logs WHERE entity_id = {entityId:String} ORDER BY action",
      { entityId: "e-1" },
    );
    expect(rows.map((row) => row.action)).toEqual([
      "personnel.clock_in",
      "personnel.clock_out",
      "personnel.manual_checkin",
    ]);
  });

  it("forwards nothing twice when run again", async () => {
    const { result } = await new InngestTestEngine({ function: forwardAuditLog, events: [slotEvent(2)] }).execute();
    expect(result).toMatchObject({ status: "completed", outcome: { forwarded: 0 } });
  });
});
