import {
  ATTR_DB_NAMESPACE,
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  DB_SYSTEM_NAME_VALUE_POSTGRESQL,
} from "@opentelemetry/semantic-conventions";
import type { Sql } from "postgres";
import { isRecording, openSpan, withSpan } from "../telemetry/spans";
import { passedDeadline, withinDeadline } from "./deadline";
import type { ConnectionGate, PoolCounter } from "./pool-use";

/**
 * The one view of a database client that drizzle is given, through which the adapter sees every statement and
 * transaction it runs:
 * - a CLIENT span for each statement and an INTERNAL span around each transaction and savepoint, so a request's
 *   statements show in its trace. The span holds the statement text as drizzle wrote it, with `$1` placeholders:
 *   parameter values are never recorded. postgres.js has no OpenTelemetry instrumentation of its own, and drizzle's
 *   is inert (docs/architecture.md, Traces);
 * - the pool's use (./pool-use.ts): a statement outside a transaction holds a connection while it runs, a
 *   transaction for its whole callback;
 * - on PostgreSQL, which statements are prepared (./prepared-statements.ts);
 * - the request's deadline for database work (./deadline.ts): past it a statement is not sent, and a statement or
 *   transaction still running is given up on (a postgres.js statement is cancelled on the server too).
 */

type Attributes = Record<string, string | number>;
type Settle = (error?: unknown) => void;
type UnsafeOptions = { prepare?: boolean };
type Unsafe = (text: string, parameters?: unknown[], options?: UnsafeOptions) => PromiseLike<unknown>;
type Open = (...args: unknown[]) => Promise<unknown>;

/** The statement's first keyword (SELECT, INSERT, WITH …), as db.operation.name. */
const operationOf = (text: string) => /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "QUERY";

/**
 * Calls `start` once `query` runs and what it returns once the query settles. A plain promise (PGlite's) is already
 * running. A postgres.js query is lazy: it runs when first awaited and stays chainable (`.values()`) until then, so
 * its own `then` is wrapped to start there (`await` calls it; Promise's own `then` would bypass the query's). With a
 * `gate`, the query is sent only once the gate admits it, and lets the next one in when it settles. Either way the
 * caller waits no longer than the request's deadline.
 */
function whenRunning<T>(query: T, start: () => Settle, gate?: ConnectionGate): T {
  if (!(query instanceof Promise)) return query;
  const observe = (running: PromiseLike<unknown>, settle: Settle) =>
    running.then(
      () => settle(),
      (error: unknown) => settle(error),
    );
  if (query.constructor === Promise) {
    observe(query, start());
    return withinDeadline(query) as T;
  }
  const then = query.then.bind(query);
  const cancel = () => (query as { cancel?: () => unknown }).cancel?.();
  let started = false;
  let admitted: Promise<void> | undefined;
  // biome-ignore lint/suspicious/noThenProperty: the query's own `then`, wrapped; it stays the promise it was.
  Object.defineProperty(query, "then", {
    configurable: true,
    value: (...handlers: Parameters<typeof then>) => {
      if (!started) {
        const passed = passedDeadline();
        if (passed) return Promise.reject(passed).then(...handlers);
        started = true;
        const settle = start();
        if (!gate) observe({ then }, settle);
        else
          admitted = gate.enter().then((leave) => {
            observe({ then }, (error) => {
              leave();
              settle(error);
            });
          });
      }
      const answered = new Promise((resolve, reject) => {
        if (admitted === undefined) then(resolve, reject);
        else admitted.then(() => then(resolve, reject), reject);
      });
      return withinDeadline(answered, cancel).then(...handlers);
    },
  });
  return query;
}

/** The gate's admission within the deadline; one that comes after the deadline is handed straight back. */
async function admittedWithinDeadline(gate: ConnectionGate | undefined): Promise<(() => void) | undefined> {
  if (!gate) return undefined;
  const entering = gate.enter();
  try {
    return await withinDeadline(entering);
  } catch (error) {
    void entering.then((leave) => leave());
    throw error;
  }
}

function statementSpan(text: string, common: Attributes) {
  const operation = operationOf(text);
  return openSpan(operation, {
    kind: "client",
    attributes: { ...common, [ATTR_DB_OPERATION_NAME]: operation, [ATTR_DB_QUERY_TEXT]: text },
  });
}

/** What a running statement holds: its span and, outside a transaction, a connection of the pool. */
function statementStart(text: string, common: Attributes, pool: PoolCounter | undefined): Settle {
  // Every statement passes here: with nothing recording spans, no span, attributes or operation name is made.
  const span = isRecording() ? statementSpan(text, common) : undefined;
  const release = pool?.acquire();
  return (error) => {
    span?.end(error);
    release?.();
  };
}

/**
 * A callback-last transaction method of a client (`begin(options?, callback)`, `savepoint(callback)`,
 * `transaction(callback)`) in a span, its callback given the scoped client's view; a top-level transaction holds a
 * connection of `pool`, and its place in `gate`, throughout.
 */
function observedTransaction<C>(
  name: string,
  common: Attributes,
  open: Open,
  view: (scoped: C) => C,
  pool: PoolCounter | undefined,
  gate?: ConnectionGate,
) {
  return (...args: unknown[]) => {
    const callback = args.at(-1) as (scoped: C) => unknown;
    return withSpan(name, { attributes: common }, async () => {
      const passed = passedDeadline();
      if (passed) throw passed;
      const release = pool?.acquire();
      let leave: (() => void) | undefined;
      try {
        leave = await admittedWithinDeadline(gate);
      } catch (error) {
        release?.();
        throw error;
      }
      // The connection stays held until the transaction settles, even when the caller stops waiting at the deadline.
      const running = open(...args.slice(0, -1), (scoped: C) => callback(view(scoped))).finally(() => {
        leave?.();
        release?.();
      });
      return withinDeadline(running);
    });
  };
}

/**
 * postgres.js: drizzle runs every statement through `unsafe`, transactions through `begin` and `savepoint`.
 * `prepare` decides which statements are prepared; without it drizzle's choice (none) stands. `gate` admits
 * top-level statements and transactions (./pool-use.ts, connectionGate).
 */
export function observedPostgresClient(
  client: Sql,
  options: {
    url: string;
    pool: PoolCounter;
    prepare?: (text: string, parameterCount: number) => boolean;
    gate?: ConnectionGate;
  },
): Sql {
  const { hostname, port, pathname } = new URL(options.url);
  const common = {
    [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
    [ATTR_DB_NAMESPACE]: decodeURIComponent(pathname.slice(1)),
    [ATTR_SERVER_ADDRESS]: hostname,
    [ATTR_SERVER_PORT]: Number(port || 5432),
  };
  const { prepare } = options;
  // `top` only at the top level: inside a transaction its connection is already counted and admitted.
  type TopLevel = { pool: PoolCounter; gate?: ConnectionGate };
  const view = (scopedClient: Sql, top: TopLevel | undefined): Sql =>
    new Proxy(scopedClient, {
      get(scoped, property, receiver) {
        if (property === "unsafe") {
          const unsafe = Reflect.get(scoped, property, receiver) as Unsafe;
          return (text: string, parameters: unknown[] = [], unsafeOptions: UnsafeOptions = {}) => {
            const chosen = prepare ? { ...unsafeOptions, prepare: prepare(text, parameters.length) } : unsafeOptions;
            const query = unsafe(text, parameters, chosen);
            return whenRunning(query, () => statementStart(text, common, top?.pool), top?.gate);
          };
        }
        if (property === "begin" || property === "savepoint") {
          const open = Reflect.get(scoped, property, receiver) as Open;
          const name = property === "begin" ? "transaction" : "savepoint";
          const inner = (scoped: Sql) => view(scoped, undefined);
          return observedTransaction(name, common, open, inner, top?.pool, top?.gate);
        }
        return Reflect.get(scoped, property, receiver);
      },
    });
  return view(client, { pool: options.pool, gate: options.gate });
}

/** PGlite: drizzle runs statements through `query` and transactions through `transaction` (savepoints are statements). */
export function observedPgliteClient<C extends object>(client: C, pool: PoolCounter): C {
  const common = { [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL, [ATTR_DB_NAMESPACE]: "pglite" };
  const view = <T extends object>(scopedClient: T, scopedPool: PoolCounter | undefined): T =>
    new Proxy(scopedClient, {
      get(scoped, property) {
        // Bound to the client itself: PGlite keeps its state in private fields a proxy cannot reach.
        const value: unknown = Reflect.get(scoped, property, scoped);
        if (typeof value !== "function") return value;
        if (property === "query")
          return (text: string, ...rest: unknown[]) =>
            whenRunning(value.call(scoped, text, ...rest), () => statementStart(text, common, scopedPool));
        if (property === "transaction")
          return observedTransaction(
            "transaction",
            common,
            value.bind(scoped),
            (inner: T) => view(inner, undefined),
            scopedPool,
          );
        return value.bind(scoped);
      },
    });
  return view(client, pool);
}
