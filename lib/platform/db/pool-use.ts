/**
 * How much of the connection pool is in use, for the clubops_db_pool_* gauges. postgres.js keeps no statistics it
 * exposes, so the adapters count what they hand the driver (./observed-client.ts): each statement outside a
 * transaction holds a connection until it settles, each transaction for its whole callback. Statements beyond the
 * pool's size wait for a connection.
 */
export type PoolUse = { inUse: number; waiting: number; max: number };

export type PoolCounter = {
  /** Counts one more statement or transaction holding (or waiting for) a connection; the result gives it back. */
  acquire(): () => void;
  use(): PoolUse;
};

export function poolCounter(max: number): PoolCounter {
  let inFlight = 0;
  return {
    acquire() {
      inFlight += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight -= 1;
      };
    },
    use: () => ({ inUse: Math.min(inFlight, max), waiting: Math.max(0, inFlight - max), max }),
  };
}

/** Lets a statement or transaction run once admitted; the result lets the next one in. */
export type ConnectionGate = { enter(): Promise<() => void> };

/**
 * At most `max` statements and transactions running at once, the others waiting their turn in order. Behind a
 * transaction pooler the PostgreSQL adapter runs everything through one sized to its pool (./postgres.ts), so
 * postgres.js always finds an idle connection and never pipelines a statement behind another.
 */
export function connectionGate(max: number): ConnectionGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  const leave = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async enter() {
      if (running < max) running += 1;
      else await new Promise<void>((admit) => waiting.push(admit));
      let left = false;
      return () => {
        if (left) return;
        left = true;
        leave();
      };
    },
  };
}
