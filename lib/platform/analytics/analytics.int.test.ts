import "@/tests/support/isolated-env";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Config, loadConfig } from "@/lib/config";
import { DependencyUnavailableError } from "@/lib/platform/errors";
import { ANALYTICS_MIGRATIONS, type Analytics, createAnalytics } from "./index";

// chDB binds one data directory per process, and vitest runs each test file in its own process.
const dataDir = mkdtempSync(path.join(tmpdir(), "clubops-analytics-"));
const config: Config = { ...loadConfig(), dataDir };
const embedded = !config.CLICKHOUSE_URL;

describe("analytics", () => {
  let analytics: Analytics;

  beforeAll(() => {
    analytics = createAnalytics(config);
  });

  afterAll(async () => {
    await analytics.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("records each migration once however often migrate runs", async () => {
    await analytics.migrate();
    await analytics.migrate();

    const applied = await analytics.query<{ version: number; times: string }>(
      "SELECT version, count() AS times FROM schema_migrations GROUP BY version ORDER BY version",
    );
    expect(applied).toEqual(ANALYTICS_MIGRATIONS.map((migration) => ({ version: migration.version, times: "1" })));
    const [auditLogs] = await analytics.query<{ engine: string }>(
      "SELECT engine FROM system.tables WHERE database = currentDatabase() AND name = {table:String}",
      { table: "audit_logs" },
    );
    expect(auditLogs?.engine).toBe("ReplacingMergeTree");
  });

  it("round-trips inserted rows through a parameterised query", async () => {
    await analytics.command("DROP TABLE IF EXISTS round_trip");
    await analytics.command("CREATE TABLE round_trip (id UInt64, name String) ENGINE = MergeTree ORDER BY id");
    const hostile = "x' OR 1 = 1; DROP TABLE round_trip; --";
    await analytics.insert("round_trip", [
      { id: 1, name: "Ada" },
      { id: 2, name: hostile },
      { id: 3, name: "Grace" },
    ]);

    const rows = await analytics.query<{ id: string; name: string }>(
      "SELECT id, name FROM round_trip WHERE name = {name:String} OR id > {above:UInt64} ORDER BY id",
      { name: hostile, above: 2 },
    );

    // UInt64 comes back quoted on both kinds (output_format_json_quote_64bit_integers).
    expect(rows).toEqual([
      { id: "2", name: hostile },
      { id: "3", name: "Grace" },
    ]);
    await analytics.command("DROP TABLE round_trip");
  });

  it("pings", async () => {
    await expect(analytics.ping()).resolves.toBeUndefined();
  });

  it("reports an unreachable server as DependencyUnavailableError within a second", async () => {
    const unreachable = createAnalytics({ ...config, CLICKHOUSE_URL: "http://127.0.0.1:1" });
    const started = Date.now();
    try {
      await expect(unreachable.ping()).rejects.toBeInstanceOf(DependencyUnavailableError);
      await expect(unreachable.query("SELECT 1")).rejects.toBeInstanceOf(DependencyUnavailableError);
      await expect(unreachable.command("SELECT 1")).rejects.toBeInstanceOf(DependencyUnavailableError);
      await expect(unreachable.insert("audit_logs", [{ id: 1 }])).rejects.toBeInstanceOf(DependencyUnavailableError);
      await expect(unreachable.migrate()).rejects.toBeInstanceOf(DependencyUnavailableError);
    } finally {
      await unreachable.close();
    }
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("passes statement errors through unchanged, since they are bugs rather than outages", async () => {
    const failure = analytics.query("SELECT * FROM no_such_table");
    await expect(failure).rejects.toThrow(/no_such_table/);
    await expect(failure).rejects.not.toBeInstanceOf(DependencyUnavailableError);
  });

  describe.runIf(embedded)("embedded chDB, one data directory per process", () => {
    it("lets a second instance on the same directory share the data and close independently", async () => {
      const second = createAnalytics(config);
      await second.command("CREATE TABLE IF NOT EXISTS shared_dir (n UInt8) ENGINE = MergeTree ORDER BY n");
      await second.insert("shared_dir", [{ n: 7 }]);
      await second.close();

      await expect(analytics.query("SELECT n FROM shared_dir")).resolves.toEqual([{ n: 7 }]);
      await analytics.command("DROP TABLE shared_dir");
    });

    it("refuses an instance on another directory while one is open", () => {
      const otherDir = path.join(dataDir, "elsewhere");
      expect(() => createAnalytics({ ...config, dataDir: otherDir })).toThrow(/one active data directory/);
    });
  });
});
