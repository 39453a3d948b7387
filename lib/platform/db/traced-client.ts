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
 * A view of the postgres.js client that opens a CLIENT span for every statement drizzle runs (`unsafe`) and an
 * INTERNAL span around every transaction (`begin`) and savepoint, so a request's statements show in its trace. The
 * span holds the statement text as drizzle wrote it, with `$1` placeholders: parameter values are never recorded.
 * postgres.js has no OpenTelemetry instrumentation of its own, and drizzle's is inert (docs/architecture.md).
 */

type Unsafe = (text: string, parameters?: unknown[], options?: object) => PromiseLike<unknown>;
type ScopedCallback = (scoped: Sql) => unknown;

/** The statement's first keyword (SELECT, INSERT, WITH …), as db.operation.name. */
const operationOf = (text: string) => /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? "QUERY";

export function tracingClient(client: Sql, target: { url: string }): Sql {
  const { hostname, port, pathname } = new URL(target.url);
  const common = {
    [ATTR_DB_SYSTEM_NAME]: DB_SYSTEM_NAME_VALUE_POSTGRESQL,
    [ATTR_DB_NAMESPACE]: decodeURIComponent(pathname.slice(1)),
    [ATTR_SERVER_ADDRESS]: hostname,
    [ATTR_SERVER_PORT]: Number(port || 5432),
  };
  const view = (target: Sql): Sql =>
    new Proxy(target, {
      get(scoped, property, receiver) {
        if (property === "unsafe") {
          const unsafe = Reflect.get(scoped, property, receiver) as Unsafe;
          return (text: string, parameters?: unknown[], options?: object) => {
            const operation = operationOf(text);
            const span = openSpan(operation, {
              kind: "client",
              attributes: { ...common, [ATTR_DB_OPERATION_NAME]: operation, [ATTR_DB_QUERY_TEXT]: text },
            });
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
          // begin(options?, callback) and savepoint(name?, callback): the callback comes last.
          return (...args: unknown[]) => {
            const callback = args.at(-1) as ScopedCallback;
            return withSpan(property === "begin" ? "transaction" : "savepoint", { attributes: common }, () =>
              open(...args.slice(0, -1), (inner: Sql) => callback(view(inner))),
            );
          };
        }
        return Reflect.get(scoped, property, receiver);
      },
    });
  return view(client);
}
