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
import { openSpan, withSpan } from "../telemetry/spans";

/**
 * Views of the database clients that open a CLIENT span for every statement drizzle runs and an INTERNAL span around
 * every transaction and savepoint, so a request's statements show in its trace. The span holds the statement text as
 * drizzle wrote it, with `$1` placeholders: parameter values are never recorded. postgres.js has no OpenTelemetry
 * instrumentation of its own, and drizzle's is inert (docs/architecture.md, Traces).
 */

type Attributes = Record<string, string | number>;
type Unsafe = (text: string, parameters?: unknown[], options?: object) => PromiseLike<unknown>;
type ScopedCallback<C> = (scoped: C) => unknown;

/** The statement's first keyword (SELECT, INSERT, WITH …), as db.operation.name. */
const operationOf = (text: string) => /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "QUERY";

function statementSpan(text: string, common: Attributes) {
  const operation = operationOf(text);
  return openSpan(operation, {
    kind: "client",
    attributes: { ...common, [ATTR_DB_OPERATION_NAME]: operation, [ATTR_DB_QUERY_TEXT]: text },
  });
}

/** Wraps the callback-last transaction method of a client: `begin(options?, callback)`, `transaction(callback)`. */
function tracedTransaction<C>(
  name: string,
  common: Attributes,
  open: (...args: unknown[]) => Promise<unknown>,
  view: (inner: C) => C,
) {
  return (...args: unknown[]) => {
    const callback = args.at(-1) as ScopedCallback<C>;
    return withSpan(name, { attributes: common }, () =>
      open(...args.slice(0, -1), (inner: C) => callback(view(inner))),
    );
  };
}

/** postgres.js: drizzle runs every statement through `unsafe`, transactions through `begin` and `savepoint`. */
export function tracingPostgresClient(client: Sql, target: { url: string }): Sql {
  const { hostname, port, pathname } = new URL(target.url);
  const common = {
    [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
    [ATTR_DB_NAMESPACE]: decodeURIComponent(pathname.slice(1)),
    [ATTR_SERVER_ADDRESS]: hostname,
    [ATTR_SERVER_PORT]: Number(port || 5432),
  };
  const view = (scopedClient: Sql): Sql =>
    new Proxy(scopedClient, {
      get(scoped, property, receiver) {
        if (property === "unsafe") {
          const unsafe = Reflect.get(scoped, property, receiver) as Unsafe;
          return (text: string, parameters?: unknown[], options?: object) => {
            const span = statementSpan(text, common);
            const query = unsafe(text, parameters, options);
            // Promise's own then: postgres.js's would start the query now, before drizzle picks its result format.
            Promise.prototype.then.call(
              query,
              () => span.end(),
              (error: unknown) => span.end(error),
            );
            return query;
          };
        }
        if (property === "begin" || property === "savepoint") {
          const open = Reflect.get(scoped, property, receiver) as (...args: unknown[]) => Promise<unknown>;
          return tracedTransaction(property === "begin" ? "transaction" : "savepoint", common, open, view);
        }
        return Reflect.get(scoped, property, receiver);
      },
    });
  return view(client);
}

/** PGlite: drizzle runs statements through `query` and transactions through `transaction` (savepoints are statements). */
export function tracingPgliteClient<C extends object>(client: C): C {
  const common = { [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL, [ATTR_DB_NAMESPACE]: "pglite" };
  const view = <T extends object>(scopedClient: T): T =>
    new Proxy(scopedClient, {
      get(scoped, property) {
        // Bound to the client itself: PGlite keeps its state in private fields a proxy cannot reach.
        const value: unknown = Reflect.get(scoped, property, scoped);
        if (typeof value !== "function") return value;
        if (property === "query") {
          return async (text: string, ...rest: unknown[]) => {
            const span = statementSpan(text, common);
            try {
              const result: unknown = await value.call(scoped, text, ...rest);
              span.end();
              return result;
            } catch (error) {
              span.end(error);
              throw error;
            }
          };
        }
        if (property === "transaction") return tracedTransaction("transaction", common, value.bind(scoped), view);
        return value.bind(scoped);
      },
    });
  return view(client);
}
