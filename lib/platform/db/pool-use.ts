/**
 * How much of the connection pool is in use, for the clubops_db_pool_* gauges. postgres.js keeps no statistics it
 * exposes, so the adapters count what they hand the driver: each statement outside a transaction holds a connection
 * until it settles, each transaction for its whole callback. Statements beyond the pool's size wait for a connection.
 */
export type PoolUse = { inUse: number; waiting: number; max: number };

type Method = (...args: unknown[]) => unknown;

/**
 * A view of `client` that counts its calls of `methods` until the promise each returns settles. A postgres.js query
 * runs when first awaited and stays chainable (`.values()`) until then, so its count starts at its first `then`.
 */
export function countingInFlight<C extends object>(
  client: C,
  methods: readonly string[],
  max: number,
): { client: C; use: () => PoolUse } {
  let inFlight = 0;
  const release = () => {
    inFlight -= 1;
  };
  const track = <T>(settling: T): T => {
    if (!(settling instanceof Promise)) return settling;
    // A plain promise is already running (and `await` would bypass a wrapped `then`): count it now.
    if (settling.constructor === Promise) {
      inFlight += 1;
      settling.then(release, release);
      return settling;
    }
    // A postgres.js query is lazy: it runs, and is counted, once first awaited.
    const then = settling.then.bind(settling);
    let counted = false;
    // biome-ignore lint/suspicious/noThenProperty: the query's own `then`, wrapped; it stays the promise it was.
    Object.defineProperty(settling, "then", {
      configurable: true,
      value: (...handlers: Parameters<typeof then>) => {
        if (!counted) {
          counted = true;
          inFlight += 1;
          then(release, release);
        }
        return then(...handlers);
      },
    });
    return settling;
  };
  const view = new Proxy(client, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof property !== "string" || !methods.includes(property) || typeof value !== "function") return value;
      return (...args: unknown[]) => track((value as Method).apply(target, args));
    },
  });
  return {
    client: view,
    use: () => ({ inUse: Math.min(inFlight, max), waiting: Math.max(0, inFlight - max), max }),
  };
}
