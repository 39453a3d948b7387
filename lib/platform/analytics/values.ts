/** The text form of a DateTime64(3, 'UTC') value (`2026-01-31 23:59:59.123`), which ClickHouse parses without best-effort settings. */
export function toDateTime64(instant: Date): string {
  return instant.toISOString().replace("T", " ").replace("Z", "");
}
