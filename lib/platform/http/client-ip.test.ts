import { beforeEach, describe, expect, it, vi } from "vitest";

/** Each test imports a fresh module, so whether the server entry marked the process is the test's to decide. */
async function load(markedByServerEntry: boolean) {
  vi.resetModules();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("clubops.peer-address-header")];
  const module = await import("./client-ip");
  if (markedByServerEntry) module.trustPeerAddressHeader();
  return module;
}

const headers = (peer: string | undefined, forwardedFor?: string) =>
  new Headers({
    ...(peer === undefined ? {} : { "x-clubops-peer-address": peer }),
    ...(forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor }),
  });

describe("clientIp", () => {
  let clientIp: (headers: Headers, hops: number) => string;
  beforeEach(async () => {
    ({ clientIp } = await load(true));
  });

  it("with no trusted proxy is the TCP peer, whatever X-Forwarded-For says", () => {
    expect(clientIp(headers("203.0.113.9"), 0)).toBe("203.0.113.9");
    expect(clientIp(headers("203.0.113.9", "1.1.1.1"), 0)).toBe("203.0.113.9");
    expect(clientIp(headers("203.0.113.9", "1.1.1.1, 2.2.2.2"), 0)).toBe("203.0.113.9");
  });

  it("behind one proxy is the entry it appended, so entries the client wrote before it are ignored", () => {
    expect(clientIp(headers("10.0.0.2", "198.51.100.7"), 1)).toBe("198.51.100.7");
    expect(clientIp(headers("10.0.0.2", "6.6.6.6, 7.7.7.7, 198.51.100.7"), 1)).toBe("198.51.100.7");
  });

  it("behind two proxies is the second entry from the right of the chain the peer ends", () => {
    expect(clientIp(headers("10.0.0.3", "6.6.6.6, 198.51.100.7, 10.0.0.2"), 2)).toBe("198.51.100.7");
    expect(clientIp(headers("10.0.0.3", "198.51.100.7,10.0.0.2"), 2)).toBe("198.51.100.7");
  });

  it("takes the left-most address when the chain is shorter than the proxies trusted", () => {
    expect(clientIp(headers("203.0.113.9"), 1)).toBe("203.0.113.9");
    expect(clientIp(headers("10.0.0.2", "198.51.100.7"), 2)).toBe("198.51.100.7");
  });

  it("lets the peer stand in for a malformed entry, so garbage never opens a bucket of its own", () => {
    for (const garbage of [
      "unknown",
      "999.999.999.999",
      "x".repeat(5_000),
      "",
      " , ",
      "for=198.51.100.7",
      "1.2.3.4; drop table",
    ]) {
      expect(clientIp(headers("10.0.0.2", garbage), 1), garbage.slice(0, 20)).toBe("10.0.0.2");
    }
  });

  it("writes one address one way: IPv4-mapped IPv6, ports, brackets and zones are normalised", () => {
    expect(clientIp(headers("::ffff:203.0.113.9"), 0)).toBe("203.0.113.9");
    expect(clientIp(headers("10.0.0.2", "203.0.113.9:51234"), 1)).toBe("203.0.113.9");
    expect(clientIp(headers("10.0.0.2", "[2001:DB8::1]:443"), 1)).toBe("2001:db8::1");
    expect(clientIp(headers("fe80::1%eth0"), 0)).toBe("fe80::1");
    expect(clientIp(headers("0x7f.0.0.1"), 0)).toBe("127.0.0.1");
  });

  it("answers one shared bucket when the peer header is missing or malformed", async () => {
    expect(clientIp(headers(undefined, "198.51.100.7"), 0)).toBe("unknown");
    expect(clientIp(headers(undefined, "198.51.100.7"), 1)).toBe("unknown");
    expect(clientIp(headers("not-an-address", "198.51.100.7"), 1)).toBe("unknown");
  });
});

describe("clientIp without the server entry (a bare `next start`)", () => {
  it("ignores a peer header the client could have sent itself", async () => {
    const { clientIp } = await load(false);
    expect(clientIp(headers("198.51.100.7"), 0)).toBe("unknown");
    expect(clientIp(headers("198.51.100.7", "203.0.113.9"), 1)).toBe("unknown");
  });
});

describe("clientBucket", () => {
  it("counts an IPv4 address alone and an IPv6 address with the rest of its /64", async () => {
    const { clientBucket } = await load(true);
    expect(clientBucket("203.0.113.9")).toBe("203.0.113.9");
    expect(clientBucket("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientBucket("2001:db8:1:2::9")).toBe(clientBucket("2001:db8:1:2:ffff::1"));
    expect(clientBucket("2001:db8:1:3::9")).not.toBe(clientBucket("2001:db8:1:2::9"));
    expect(clientBucket("unknown")).toBe("unknown");
  });
});
