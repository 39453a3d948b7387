import { describe, expect, it } from "vitest";
import { PreconditionErrors, staleVersion } from "@/lib/platform/db/row-version";
import { entityTag, expectedVersion, preconditionFailed, withEntityTag } from "./entity-tags";

const withIfMatch = (value?: string) =>
  new Request("http://localhost/api/members/1", {
    method: "PUT",
    headers: value === undefined ? {} : { "if-match": value },
  });

describe("expectedVersion (If-Match)", () => {
  it("asks for nothing without the header or with `*`", () => {
    expect(expectedVersion(withIfMatch())).toBeUndefined();
    expect(expectedVersion(withIfMatch("*"))).toBeUndefined();
    expect(expectedVersion(withIfMatch(" * "))).toBeUndefined();
  });

  it("reads one strong tag or a list of them", () => {
    expect(expectedVersion(withIfMatch('"3"'))).toEqual([3]);
    expect(expectedVersion(withIfMatch('"3", "4" ,"12"'))).toEqual([3, 4, 12]);
  });

  it("names no version for weak, malformed or impossible tags, so nothing matches (412)", () => {
    for (const value of ['W/"3"', "3", '"abc"', '"0"', '"-1"', '"2147483648"', '"99999999999"', "", '"3'])
      expect(expectedVersion(withIfMatch(value)), value).toEqual([]);
    expect(expectedVersion(withIfMatch('W/"3", "4"'))).toEqual([4]);
  });
});

describe("answers", () => {
  it("tag a versioned record's answer with its version, strong", () => {
    expect(entityTag(7)).toBe('"7"');
    expect(withEntityTag(Response.json({ version: 7 }), { version: 7 }).headers.get("etag")).toBe('"7"');
    expect(withEntityTag(Response.json({ id: 1 }), { id: 1 }).headers.get("etag")).toBeNull();
  });

  it("answer a stale write with 412 problem details carrying the code and the current ETag", async () => {
    const response = preconditionFailed(withIfMatch('"1"'), staleVersion(4));
    expect(response.status).toBe(412);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(response.headers.get("etag")).toBe('"4"');
    expect(await response.json()).toMatchObject({
      status: 412,
      code: PreconditionErrors.failed.code,
      instance: "PUT /api/members/1",
    });
  });
});
