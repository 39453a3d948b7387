import { describe, expect, it } from "vitest";
import { classifyException, DependencyTimeoutError, DependencyUnavailableError, withTimeout } from "./errors";

const withCode = (code: string) => Object.assign(new Error("driver error"), { code });

describe("classifyException", () => {
  it.each([
    ["an aborted request", Object.assign(new Error("aborted"), { name: "AbortError" }), "cancelled"],
    ["a refused database connection", withCode("ECONNREFUSED"), "database"],
    ["postgres.js losing its connection", withCode("CONNECTION_CLOSED"), "database"],
    ["a server shutting down (57P01)", withCode("57P01"), "database"],
    ["too many connections (53300)", withCode("53300"), "database"],
    ["a wrapped driver error", new Error("Failed query", { cause: withCode("08006") }), "database"],
    ["an unavailable adapter", new DependencyUnavailableError("storage"), "database"],
    ["a statement timeout (57014)", withCode("57014"), "timeout"],
    ["a lock timeout (55P03, lock_timeout ran out)", withCode("55P03"), "timeout"],
    ["an adapter timeout", new DependencyTimeoutError("cache", 1000), "timeout"],
    ["a unique violation that escaped", withCode("23505"), "unexpected"],
    ["a plain bug", new TypeError("undefined is not a function"), "unexpected"],
    ["a thrown string", "boom", "unexpected"],
  ])("maps %s", (_, error, kind) => {
    expect(classifyException(error)).toBe(kind);
  });

  it("treats any failure of an aborted request as cancelled first", () => {
    expect(classifyException(withCode("ECONNREFUSED"), true)).toBe("cancelled");
  });
});

describe("withTimeout", () => {
  it("rejects a hanging promise after the limit", async () => {
    const hanging = new Promise<never>(() => {});
    await expect(withTimeout("cache", 20, hanging)).rejects.toBeInstanceOf(DependencyTimeoutError);
  });

  it("passes a prompt answer through", async () => {
    await expect(withTimeout("cache", 1000, Promise.resolve(42))).resolves.toBe(42);
  });
});
