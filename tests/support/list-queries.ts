import { expect, it } from "vitest";
import type { ApiReply } from "./api";

/**
 * The paging and ordering every paged list refuses with a 400 naming the parameter: page 0, pages over 100
 * items, and an `orderBy` the endpoint does not offer.
 */
export function itRefusesBadListQueries(
  list: (query: string) => Promise<ApiReply<unknown>>,
  unknownOrderBy: string,
): void {
  it.each([
    ["pageNumber=0", "pageNumber"],
    ["pageSize=101", "pageSize"],
    [`orderBy=${unknownOrderBy}`, "orderBy"],
  ])("rejects %s with a validation problem", async (query, field) => {
    expect(await list(query)).toMatchObject({ status: 400, body: { errors: { [field]: expect.any(Array) } } });
  });
}
