/**
 * Statements with more parameters than this stay unprepared: they are bulk writes (multi-row inserts, long IN
 * lists) whose text changes with the row count, so preparing them would fill each connection's statement cache
 * with shapes that are seldom reused, for a parse that costs little next to their execution.
 */
export const MAX_PREPARED_PARAMETERS = 100;

/**
 * How many distinct statements are prepared at most. A prepared statement holds server memory on every connection
 * that ran it (10 to 90 KB measured; the member list's are the largest), and the SQL of a search grows with its
 * number of words, so without a bound a caller could make each connection keep thousands. The application's own
 * statements number a few hundred; any beyond the bound run unprepared, as drizzle would run them.
 */
const MAX_PREPARED_STATEMENTS = 500;

/**
 * drizzle runs every query through `unsafe(text, parameters, { prepare: false })` (drizzle-orm#6096), so
 * PostgreSQL parses and plans each one anew and postgres.js spends two round trips on any query with parameters
 * (describe, then bind and execute). The PostgreSQL adapter's client view (./observed-client.ts) asks this policy
 * instead, and prepares what it allows, as postgres.js does its own tagged queries: a statement is parsed once per
 * connection, then costs one bind-and-execute round trip, in transactions and savepoints too.
 *
 * From its sixth run PostgreSQL may plan a prepared statement once for any values (a generic plan), when that is
 * no costlier. Such a plan cannot match `ON CONFLICT (…) WHERE column = $1` to a partial unique index, and the
 * statement fails: write the condition of an ON CONFLICT arbiter as a literal (lib/attendance/requests.ts). The
 * test run's PostgreSQL forces generic plans (scripts/test.sh), so such a statement fails the tests at once.
 * Planning every run with its values instead (`plan_cache_mode=force_custom_plan`) cost 17% of the member list's
 * throughput.
 */
export function preparedStatementPolicy(
  maxStatements = MAX_PREPARED_STATEMENTS,
): (text: string, parameterCount: number) => boolean {
  const prepared = new Set<string>();
  return (text, parameterCount) => {
    // Without parameters postgres.js sends the text in one simple-protocol message, prepared or not.
    if (parameterCount === 0 || parameterCount > MAX_PREPARED_PARAMETERS) return false;
    if (prepared.has(text)) return true;
    if (prepared.size >= maxStatements) return false;
    prepared.add(text);
    return true;
  };
}
