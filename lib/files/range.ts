/**
 * The Range header of a download (RFC 9110 section 14), for a file of `size` bytes. One range of the `bytes` unit
 * is served as 206; a header in another unit, or asking for several ranges, gets the whole file (the RFC lets a
 * server ignore Range, and multipart/byteranges answers are not worth their complexity here); a malformed or
 * unsatisfiable bytes range is 416.
 */
export type RangeRequest =
  | { kind: "whole" }
  | { kind: "partial"; start: number; end: number }
  | { kind: "unsatisfiable" };

const WHOLE: RangeRequest = { kind: "whole" };
const UNSATISFIABLE: RangeRequest = { kind: "unsatisfiable" };

export function parseRange(header: string | null, size: number): RangeRequest {
  const ranges = header?.trim().match(/^bytes\s*=\s*(.+)$/i)?.[1];
  if (ranges === undefined) return WHOLE;
  const specs = ranges.split(",").map((spec) => spec.trim());
  if (specs.length !== 1) return WHOLE;
  const [, first = "", last = ""] = /^(\d*)-(\d*)$/.exec(specs[0] ?? "") ?? [];
  if (first === "" && last === "") return UNSATISFIABLE;
  if (first === "") {
    // "-N": the last N bytes.
    const suffix = Number(last);
    return suffix === 0 || size === 0
      ? UNSATISFIABLE
      : { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Number(last);
  if (end < start || start >= size) return UNSATISFIABLE;
  return { kind: "partial", start, end: Math.min(end, size - 1) };
}
