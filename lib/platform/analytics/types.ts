/**
 * The analytical store (ClickHouse, or chDB in-process): append-mostly tables
 * such as the audit trail. Both kinds speak the same SQL through the same client.
 */
export interface Analytics {
  readonly kind: "clickhouse" | "chdb";
  /** Appends rows as JSONEachRow; an empty list is a no-op. */
  insert<T extends Record<string, unknown>>(table: string, rows: readonly T[]): Promise<void>;
  /**
   * Rows as JSON objects. Values go in `params` and are bound server-side as `{name:Type}`.
   * 64-bit integers (e.g. `count()`) arrive as strings on both kinds, so no precision is lost.
   */
  query<T>(query: string, params?: Record<string, unknown>): Promise<T[]>;
  command(query: string): Promise<void>;
  ping(): Promise<void>;
  /** Applies the migrations this store has not seen yet; safe at every start-up. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}
