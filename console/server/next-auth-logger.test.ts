import { afterEach, describe, expect, it, vi } from "vitest";
import { logger } from "@/lib/platform/logger";
import { nextAuthLogger } from "./next-auth-logger";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("next-auth's log", () => {
  it("logs a forged callbackUrl as a warning, not an error", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    nextAuthLogger.error?.("INVALID_CALLBACK_URL_ERROR", new Error("Invalid callback URL"));
    expect(warn).toHaveBeenCalledWith({ code: "INVALID_CALLBACK_URL_ERROR" }, "next-auth refused a request");
    expect(error).not.toHaveBeenCalled();
  });

  it("keeps the server's own failures errors", () => {
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const metadata = new Error("secret missing");
    nextAuthLogger.error?.("NO_SECRET", metadata);
    expect(error).toHaveBeenCalledWith({ code: "NO_SECRET", metadata }, "next-auth error");
  });
});
