import { describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor } from "./cursor";

const key = new Uint8Array(32).fill(7);

describe("signed cursors", () => {
  it("round-trips the position for the same binding", () => {
    const cursor = encodeCursor(key, "employee-1|||", { date: "2026-11-20" });
    expect(decodeCursor(key, "employee-1|||", cursor)).toEqual({ date: "2026-11-20" });
  });

  it("refuses a cursor carried to another query, signed with another key, or altered", () => {
    const cursor = encodeCursor(key, "employee-1|||", { date: "2026-11-20" });
    expect(decodeCursor(key, "employee-2|||", cursor)).toBeNull();
    expect(decodeCursor(new Uint8Array(32).fill(8), "employee-1|||", cursor)).toBeNull();
    const [payload, signed] = cursor.split(".");
    const forged = Buffer.from(JSON.stringify({ date: "2026-11-27" })).toString("base64url");
    expect(decodeCursor(key, "employee-1|||", `${forged}.${signed}`)).toBeNull();
    expect(decodeCursor(key, "employee-1|||", `${payload}.${signed}x`)).toBeNull();
    expect(decodeCursor(key, "employee-1|||", `${payload}`)).toBeNull();
    expect(decodeCursor(key, "employee-1|||", `${cursor}.more`)).toBeNull();
    expect(decodeCursor(key, "employee-1|||", "not a cursor")).toBeNull();
  });
});
