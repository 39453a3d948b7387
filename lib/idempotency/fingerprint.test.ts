import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drainedDigest, hashingBody, requestHashOf, scopeHashOf } from "./fingerprint";

const post = (path: string, body?: BodyInit, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { method: "POST", body, headers });
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("request fingerprints", () => {
  it("scope a key to method and path, not the query", () => {
    expect(scopeHashOf(post("/api/plans?x=1"), "k")).toBe(scopeHashOf(post("/api/plans"), "k"));
    expect(scopeHashOf(post("/api/plans"), "k")).not.toBe(scopeHashOf(post("/api/roles"), "k"));
    expect(scopeHashOf(post("/api/plans"), "k")).not.toBe(scopeHashOf(post("/api/plans"), "j"));
  });

  it("tell requests apart by query and parsed body", () => {
    const hash = (path: string, value: unknown) => requestHashOf(post(path), { value });
    expect(hash("/api/plans", { name: "Gold" })).toBe(hash("/api/plans", { name: "Gold" }));
    expect(hash("/api/plans", { name: "Gold" })).not.toBe(hash("/api/plans", { name: "Silver" }));
    expect(hash("/api/plans?a=1", {})).not.toBe(hash("/api/plans?a=2", {}));
  });

  it("describe a streamed body by its declared type and length", () => {
    const upload = (type: string, length: string) =>
      requestHashOf(post("/api/files", "x", { "content-type": type, "content-length": length }), "streamed");
    expect(upload("image/png", "10")).toBe(upload("image/png", "10"));
    expect(upload("image/png", "10")).not.toBe(upload("image/png", "11"));
    expect(upload("image/png", "10")).not.toBe(upload("image/jpeg", "10"));
  });
});

describe("hashingBody", () => {
  it("hashes the bytes as the reader streams them", async () => {
    const hashing = hashingBody(post("/api/files", "the file's bytes"));
    expect(hashing.digest()).toBeNull();
    expect(await hashing.request.text()).toBe("the file's bytes");
    expect(hashing.digest()).toBe(sha256("the file's bytes"));
  });

  it("knows no digest when the reader stopped early or there was no body", async () => {
    const hashing = hashingBody(post("/api/files", "x".repeat(100_000)));
    const reader = hashing.request.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(hashing.digest()).toBeNull();
    expect(hashingBody(post("/api/files")).digest()).toBeNull();
  });

  it("drains a body only to hash it", async () => {
    expect(await drainedDigest(post("/api/files", "again"))).toBe(sha256("again"));
    expect(await drainedDigest(post("/api/files"))).toBeNull();
  });
});
