import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DependencyTimeoutError } from "../errors";
import {
  passedDeadline,
  underDatabaseDeadline,
  withDatabaseDeadline,
  withinDeadline,
  withoutDatabaseDeadline,
} from "./deadline";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const never = () => new Promise<never>(() => {});

describe("a request's database deadline", () => {
  it("lets work that settles in time through, value or error", async () => {
    await withDatabaseDeadline(1000, async () => {
      expect(await withinDeadline(Promise.resolve("rows"))).toBe("rows");
      await expect(withinDeadline(Promise.reject(new Error("23505")))).rejects.toThrow("23505");
    });
  });

  it("gives up on work still running at the deadline with a 504-mapped timeout, after cancelling it", async () => {
    const cancel = vi.fn();
    await withDatabaseDeadline(1000, async () => {
      const waiting = withinDeadline(never(), cancel);
      const outcome = expect(waiting).rejects.toEqual(new DependencyTimeoutError("database", 1000));
      await vi.advanceTimersByTimeAsync(999);
      expect(cancel).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      await outcome;
      expect(cancel).toHaveBeenCalledOnce();
    });
  });

  it("counts from the request's start across its statements, and says when it has passed", async () => {
    await withDatabaseDeadline(1000, async () => {
      expect(passedDeadline()).toBeUndefined();
      await vi.advanceTimersByTimeAsync(600);
      const second = withinDeadline(never());
      const outcome = expect(second).rejects.toBeInstanceOf(DependencyTimeoutError);
      await vi.advanceTimersByTimeAsync(400);
      await outcome;
      expect(passedDeadline()).toEqual(new DependencyTimeoutError("database", 1000));
    });
  });

  it("does not bind work outside a request, nor what a request starts free of it", async () => {
    expect(underDatabaseDeadline()).toBe(false);
    const running = Promise.resolve("job");
    expect(withinDeadline(running)).toBe(running);
    await withDatabaseDeadline(1000, async () => {
      expect(underDatabaseDeadline()).toBe(true);
      await vi.advanceTimersByTimeAsync(2000);
      withoutDatabaseDeadline(() => {
        expect(underDatabaseDeadline()).toBe(false);
        expect(passedDeadline()).toBeUndefined();
      });
    });
  });
});
