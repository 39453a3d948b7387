import path from "node:path";
import { type ClickHouseClientConfigOptions, ClickHouseLogLevel, createClient } from "@clickhouse/client";
import { createChdbConnection } from "chdb/connection";
import type { Config } from "@/lib/config";
import { createClientAnalytics } from "./client";
import type { Analytics } from "./types";

export { ANALYTICS_MIGRATIONS } from "./migrations";
export type { Analytics } from "./types";
export { toDateTime64 } from "./values";

type ClientConnection = NonNullable<ClickHouseClientConfigOptions["connection"]>;

const REQUEST_TIMEOUT_MS = 30_000;

const SHARED_CLIENT_OPTIONS: ClickHouseClientConfigOptions = {
  request_timeout: REQUEST_TIMEOUT_MS,
  clickhouse_settings: {
    // The server quotes 64-bit integers by default and chDB does not; quoting on both keeps them exact in JS.
    output_format_json_quote_64bit_integers: 1,
  },
  // Failures reach the caller as exceptions and are logged there, as structured JSON.
  log: { level: ClickHouseLogLevel.OFF },
};

/**
 * ClickHouse at CLICKHOUSE_URL, else chDB persisted under DATA_DIR/chdb.
 * chDB binds one data directory per process: a second instance on the same directory
 * shares its data, one on another directory throws while the first is open, and another
 * process on the same directory fails to open it (the engine locks it).
 */
export function createAnalytics(config: Config): Analytics {
  if (config.CLICKHOUSE_URL) {
    const client = createClient({
      ...SHARED_CLIENT_OPTIONS,
      url: config.CLICKHOUSE_URL,
      username: config.CLICKHOUSE_USER,
      password: config.CLICKHOUSE_PASSWORD,
      database: config.CLICKHOUSE_DATABASE,
    });
    return createClientAnalytics("clickhouse", client, REQUEST_TIMEOUT_MS);
  }
  // chdb 3.4 types its connection against @clickhouse/client-common 1.23.0, whose settings type
  // lags the copy bundled in @clickhouse/client 1.23.1; the runtime contract is the same.
  const connection = createChdbConnection({ path: path.join(config.dataDir, "chdb") }) as unknown as ClientConnection;
  return createClientAnalytics("chdb", createClient({ ...SHARED_CLIENT_OPTIONS, connection }), REQUEST_TIMEOUT_MS);
}
