import { createHmac, timingSafeEqual } from "node:crypto";

const SIGNATURE_BYTES = 16;

function signature(key: Uint8Array, binding: string, payload: string): Buffer {
  return createHmac("sha256", key).update(binding).update("\n").update(payload).digest().subarray(0, SIGNATURE_BYTES);
}

/**
 * An opaque continuation cursor: the last row's sort key, signed together with the query it continues (`binding`),
 * so a client can neither forge a position nor carry a cursor over to another employee or filter.
 */
export function encodeCursor(key: Uint8Array, binding: string, position: Record<string, string>): string {
  const payload = Buffer.from(JSON.stringify(position)).toString("base64url");
  return `${payload}.${signature(key, binding, payload).toString("base64url")}`;
}

/** The position inside a cursor `encodeCursor` issued for the same binding; null for anything else. */
export function decodeCursor(key: Uint8Array, binding: string, cursor: string): Record<string, unknown> | null {
  const [payload, signed, ...rest] = cursor.split(".");
  if (!payload || !signed || rest.length > 0) return null;
  const presented = Buffer.from(signed, "base64url");
  const expected = signature(key, binding, payload);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return null;
  try {
    const position: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return typeof position === "object" && position !== null && !Array.isArray(position)
      ? (position as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
