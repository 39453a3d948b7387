import ipaddr from "ipaddr.js";
import { logger } from "../logger";

/**
 * The TCP peer's address. The server entry (scripts/server.mjs) writes it on every request from the socket,
 * overwriting whatever the client sent; route handlers never see the socket, so this is their only trustworthy
 * address. The name is repeated there.
 */
export const PEER_ADDRESS_HEADER = "x-clubops-peer-address";

/** Set by scripts/server.mjs in its own process: without it the header could be the client's (a bare `next start`). */
const ENTRY_MARK = Symbol.for("clubops.peer-address-header");

/** The one rate-limit bucket every request shares when the peer is unknown: refusing is safer than trusting headers. */
const UNKNOWN_CLIENT = "unknown";

type MarkedGlobal = typeof globalThis & { [ENTRY_MARK]?: boolean };

/** What the server entry does at start; tests that call route handlers directly do it too. */
export function trustPeerAddressHeader(): void {
  (globalThis as MarkedGlobal)[ENTRY_MARK] = true;
}

let warnedUnknownPeer = false;

/** Canonical text of an address (IPv4-mapped IPv6 as IPv4, zone and port dropped), or null when it is none. */
function parseAddress(text: string | null | undefined): string | null {
  if (!text || text.length > 100) return null;
  const trimmed = text.trim();
  // Some proxies append a port: "203.0.113.9:51234", "[2001:db8::1]:443".
  const unbracketed =
    /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed)?.[1] ?? /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(trimmed)?.[1] ?? trimmed;
  const unzoned = unbracketed.replace(/%.*$/, "");
  if (!ipaddr.isValid(unzoned)) return null;
  return ipaddr.process(unzoned).toString();
}

/**
 * The client's address. With no trusted proxy (`TRUSTED_PROXY_HOPS=0`) it is the TCP peer, whatever the headers
 * say. Each trusted reverse proxy appends the address it saw to X-Forwarded-For and is itself the next peer, so on
 * the chain "X-Forwarded-For entries, then the peer" the client is the entry `trustedProxyHops` from the right
 * (the left-most one when the chain is shorter). An entry there that is not an address means a proxy is
 * misconfigured: the peer stands in, so garbage never opens a bucket of its own.
 */
export function clientIp(headers: Headers, trustedProxyHops: number): string {
  const peer = (globalThis as MarkedGlobal)[ENTRY_MARK] ? parseAddress(headers.get(PEER_ADDRESS_HEADER)) : null;
  if (!peer) {
    if (!warnedUnknownPeer) {
      warnedUnknownPeer = true;
      logger.warn(
        "client address unknown: start the server with `npm start` (scripts/server.mjs); until then every client shares one rate-limit bucket",
      );
    }
    return UNKNOWN_CLIENT;
  }
  const forwarded = (headers.get("x-forwarded-for") ?? "").split(",").filter((entry) => entry.trim() !== "");
  const chain = [...forwarded, peer];
  return parseAddress(chain[Math.max(0, chain.length - 1 - trustedProxyHops)]) ?? peer;
}

/**
 * The key a client is counted under: its IPv4 address, or its IPv6 /64, since one subscriber usually holds a whole
 * /64 and could otherwise draw a fresh address for every request.
 */
export function clientBucket(address: string): string {
  if (!ipaddr.IPv6.isValid(address)) return address;
  const parts = ipaddr.IPv6.parse(address).parts;
  return `${new ipaddr.IPv6([...parts.slice(0, 4), 0, 0, 0, 0]).toString()}/64`;
}
