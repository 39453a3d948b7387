import type { ClickHouseClient } from "@clickhouse/client";
import { withSpan } from "../telemetry/spans";
import { toAnalyticsError } from "./errors";
import { applyMigrations } from "./migrate";
import type { Analytics } from "./types";

/** `INSERT INTO <table>` is built by the client without quoting, so only plain (optionally database-qualified) names pass. */
const TABLE_NAME = /^\w+(\.\w+)?$/;

/** One implementation over @clickhouse/client, whichever connection (HTTP or in-process chDB) the client was given. */
export function createClientAnalytics(
  kind: Analytics["kind"],
  client: ClickHouseClient,
  requestTimeoutMs: number,
): Analytics {
  /** One request, its span holding the statement (parameters travel apart, as `query_params`, and are not recorded). */
  const call = <T>(operation: string, text: string, work: () => Promise<T>): Promise<T> =>
    withSpan(
      `${operation} clickhouse`,
      {
        kind: "client",
        attributes: { "db.system.name": "clickhouse", "db.operation.name": operation, "db.query.text": text },
      },
      async () => {
        try {
          return await work();
        } catch (error) {
          throw toAnalyticsError(error, requestTimeoutMs);
        }
      },
    );

  const analytics: Analytics = {
    kind,
    async insert(table, rows) {
      if (!TABLE_NAME.test(table)) throw new TypeError(`not a table name: ${table}`);
      if (rows.length === 0) return;
      await call("INSERT", `INSERT INTO ${table} FORMAT JSONEachRow`, () =>
        client.insert({ table, values: [...rows], format: "JSONEachRow" }),
      );
    },
    query: <T>(query: string, params?: Record<string, unknown>) =>
      call("SELECT", query, async () => {
        const result = await client.query({ query, query_params: params, format: "JSONEachRow" });
        return result.json<T>();
      }),
    async command(query) {
      await call("COMMAND", query, () => client.command({ query }));
    },
    async ping() {
      // A SELECT rather than /ping, so a real server also checks the credentials.
      const result = await client.ping({ select: true });
      if (!result.success) throw toAnalyticsError(result.error, requestTimeoutMs);
    },
    migrate: () => applyMigrations(analytics),
    close: () => client.close(),
  };
  return analytics;
}
