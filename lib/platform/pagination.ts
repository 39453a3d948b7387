import { z } from "zod";

/** Spec 2.10's paginated result. */
export type Paginated<T> = { items: T[]; totalCount: number; pageNumber: number; pageSize: number; totalPages: number };

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;

/** pageNumber (from 1), pageSize (1 to 100, default 20), orderBy (one of `fields`) and orderDirection. */
export function paginationQuery<const F extends readonly [string, ...string[]]>(
  fields: F,
  defaultOrderBy: F[number],
  defaultDirection: "asc" | "desc" = "asc",
) {
  return z.object({
    pageNumber: z.coerce
      .number()
      .int()
      .min(1, "pageNumber starts at 1.")
      .default(1)
      .meta({ description: "The page to answer, from 1; past the last page the items are empty." }),
    pageSize: z.coerce
      .number()
      .int()
      .min(1, `pageSize must be between 1 and ${MAX_PAGE_SIZE}.`)
      .max(MAX_PAGE_SIZE, `pageSize must be between 1 and ${MAX_PAGE_SIZE}.`)
      .default(DEFAULT_PAGE_SIZE)
      .meta({ description: `Items per page, 1 to ${MAX_PAGE_SIZE}.` }),
    orderBy: z.enum(fields).default(defaultOrderBy).meta({ description: "The field to sort by." }),
    orderDirection: z
      .enum(["asc", "desc"])
      .default(defaultDirection)
      .meta({ description: "Ascending or descending order." }),
  });
}

export type PageRequest = { pageNumber: number; pageSize: number };

export function paginated<T>(items: T[], totalCount: number, page: PageRequest): Paginated<T> {
  return {
    items,
    totalCount,
    pageNumber: page.pageNumber,
    pageSize: page.pageSize,
    totalPages: Math.ceil(totalCount / page.pageSize),
  };
}

export const offsetOf = (page: PageRequest) => (page.pageNumber - 1) * page.pageSize;

/** The same page with its items replaced, e.g. rows made into what the API answers. */
export const withItems = <T, U>(page: Paginated<T>, items: U[]): Paginated<U> => ({ ...page, items });
