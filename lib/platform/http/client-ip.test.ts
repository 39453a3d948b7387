import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip";

const request = (forwardedFor?: string) =>
  new Request("http://localhost/api/auth/login", { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} });

describe("clientIp", () => {
  it("takes the entry the server saw when no proxy is trusted", () => {
    expect(clientIp(request("203.0.113.9"), 0)).toBe("203.0.113.9");
    expect(clientIp(request("1.1.1.1, 203.0.113.9"), 0)).toBe("203.0.113.9");
  });

  it("skips the entries trusted proxies appended, so a spoofed left-most entry is ignored", () => {
    expect(clientIp(request("6.6.6.6, 203.0.113.9, 10.0.0.2"), 1)).toBe("203.0.113.9");
  });

  it("falls back when the header is missing or shorter than the proxy chain", () => {
    expect(clientIp(request(), 0)).toBe("unknown");
    expect(clientIp(request("203.0.113.9"), 3)).toBe("203.0.113.9");
  });
});
