import { describe, expect, it } from "vitest";
import { connectionGate, poolCounter } from "./pool-use";

describe("poolCounter", () => {
  it("counts what holds a connection, beyond the pool's size as waiting, and each release once", () => {
    const pool = poolCounter(2);
    const releases = [pool.acquire(), pool.acquire(), pool.acquire()];
    expect(pool.use()).toEqual({ inUse: 2, waiting: 1, max: 2 });
    releases[0]?.();
    releases[0]?.();
    expect(pool.use()).toEqual({ inUse: 2, waiting: 0, max: 2 });
  });
});

describe("connectionGate", () => {
  it("admits at most `max` at once, the others in the order they came, each as one leaves", async () => {
    const gate = connectionGate(2);
    const admitted: number[] = [];
    const leaves = new Map<number, () => void>();
    const entering = [1, 2, 3, 4].map((id) =>
      gate.enter().then((leave) => {
        admitted.push(id);
        leaves.set(id, leave);
      }),
    );
    await Promise.all(entering.slice(0, 2));
    expect(admitted).toEqual([1, 2]);
    leaves.get(2)?.();
    leaves.get(2)?.(); // leaving twice lets in one, not two
    await entering[2];
    await new Promise((resolve) => setImmediate(resolve));
    expect(admitted).toEqual([1, 2, 3]);
    leaves.get(1)?.();
    await entering[3];
    expect(admitted).toEqual([1, 2, 3, 4]);
  });
});
