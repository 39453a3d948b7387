import { z } from "zod";
import type { ProblemDetails } from "@/lib/platform/http/problem";
import type { Paginated } from "@/lib/platform/pagination";

/**
 * Compile-time guard that a documented shape is exactly what the code sends: `true` only when the zod schema's
 * output and the service type (as JSON, dates as strings) are assignable both ways. A field added to either side
 * and not the other makes `npx tsc` fail where the shape is declared.
 */
export type SameShape<Documented, Sent> = [Documented] extends [Sent]
  ? [Sent] extends [Documented]
    ? true
    : false
  : false;

/** A value as it travels in JSON: dates become ISO strings, recursively. */
export type JsonOf<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? JsonOf<Item>[]
    : T extends object
      ? { [K in keyof T]: JsonOf<T[K]> }
      : T;

const documentedSchemas = new WeakMap<z.core.$ZodType, Record<string, unknown>>();

/**
 * Documents `schema` as the JSON Schema `documented` instead of what zod would derive, for input the API tolerates
 * beyond its contract (money also as a JSON number): the reference states the contract.
 */
export function documentedAs<Schema extends z.ZodType>(schema: Schema, documented: Record<string, unknown>): Schema {
  documentedSchemas.set(schema, documented);
  return schema;
}

/** The JSON Schema documentedAs() gave `schema`, if any. */
export const documentedSchemaOf = (schema: z.core.$ZodType) => documentedSchemas.get(schema);

/**
 * Names schemas in the OpenAPI document: each becomes a component (`#/components/schemas/Member`) that every use
 * refers to (lib/openapi/named-schemas.ts); the rest of their metadata (a description) stays.
 */
export function nameSchemas(names: readonly (readonly [z.ZodType, string])[]): void {
  for (const [schema, id] of names) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}

/** ISO 8601 instants as the API writes them (`toISOString`, UTC). */
export const instant = () => z.string().meta({ format: "date-time" });

/** A record's version: its ETag (`"<version>"`), which If-Match names on PUT and DELETE (docs/api.md, Concurrency control). */
export const recordVersion = () =>
  z
    .number()
    .int()
    .meta({ description: "Counts the record's changes; sent as the ETag, for If-Match.", examples: [3] });

/** `{"code": "Module.Error", "message": "…"}`: a business rule refused the request (spec 7). */
export const apiErrorShape = z
  .object({
    code: z.string().meta({ examples: ["Member.NotFound"] }),
    message: z.string().meta({ examples: ["No member has that id."] }),
  })
  .meta({ description: "A business rule refused the request; `code` is stable, `message` is for people." });

/** RFC 9457 problem details, as lib/platform/http/problem.ts writes them. */
export const problemDetailsShape = z
  .object({
    type: z.string().meta({ examples: ["https://tools.ietf.org/html/rfc9110#section-15.6.1"] }),
    title: z.string(),
    status: z.number().int(),
    instance: z.string().meta({ description: "METHOD /path of the request.", examples: ["POST /api/plans"] }),
    traceId: z.string().meta({ description: "The W3C trace id, also in the service's logs and audit entries." }),
    detail: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    code: z
      .string()
      .optional()
      .meta({ examples: ["Precondition.Failed"] }),
    limitBytes: z
      .number()
      .int()
      .optional()
      .meta({ description: "On a 413 over an upload's limit: the limit, in bytes.", examples: [10485760] }),
  })
  .meta({
    description: "RFC 9457 problem details (application/problem+json). A 5xx body never holds the exception's message.",
  });

export const validationProblemShape = problemDetailsShape
  .extend({
    errors: z.record(z.string(), z.array(z.string())).meta({
      description: "Field path (dots between levels, `benefits.0.name`) → messages; `$` is the body as a whole.",
      examples: [{ monthlyPrice: ["Invalid input: expected string, received number"] }],
    }),
  })
  .meta({ description: "Invalid input: RFC 9457 problem details listing every broken rule per field." });

const problemIsExact: SameShape<z.output<typeof problemDetailsShape>, ProblemDetails> = true;
void problemIsExact;

const pageItems = new WeakMap<z.ZodType, z.ZodType>();

/** Spec 2.10's page of `item`s; the document shows it as the `Page` component with typed items. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  const page = z.object({
    items: z.array(item),
    totalCount: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    totalPages: z.number().int(),
  });
  pageItems.set(page, item);
  return page;
}

/** The item schema of a page made by pageOf(). */
export const pageItemOf = (schema: z.ZodType): z.ZodType | undefined => pageItems.get(schema);

/**
 * The `Page` component: a page's totals. Each list adds its typed `items` beside it (allOf), as an `items` of any
 * shape here would intersect with them and leave generated clients with items of unknown type.
 */
export const pageTotalsShape = pageOf(z.unknown())
  .omit({ items: true })
  .meta({ description: "Spec 2.10's page: the totals of a slice of a collection, whose `items` the list adds." });

const pageIsExact: SameShape<z.output<typeof pageTotalsShape> & { items: unknown[] }, Paginated<unknown>> = true;
void pageIsExact;

/** The outline of an OpenAPI document, for GET /api/openapi.json's own entry. */
export const openApiDocumentShape = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .meta({ description: "An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.1)." });
