import { z } from "zod";
import { documentedSchemaOf } from "@/lib/platform/http/shapes";

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as zod writes it. */
export type JsonSchema = Record<string, unknown>;

/** Formats whose meaning is the standard's; zod's regex for them only restates it. */
// Not "uuid": the server's id check (z.uuid()) takes only RFC 9562 versions and variants (and nil and max), fewer ids
// than the format allows, so its pattern stays and the document refuses what the server refuses.
const SELF_DESCRIBING_FORMATS = new Set(["date", "date-time"]);

/**
 * The JSON Schema of a zod schema, as the request reads it (`input`: defaults optional, coerced query values) or as
 * the response writes it (`output`). Refinements a JSON Schema cannot say (a date not in the future) are left to the
 * descriptions and to the 400 answer; types zod cannot express become `{}`.
 */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const documented = documentedSchemaOf(zodSchema);
      if (documented) {
        for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
        Object.assign(jsonSchema, structuredClone(documented));
        return;
      }
      // z.int() bounds itself to safe integers; that is JavaScript's limit, not the API's.
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (typeof jsonSchema.format === "string" && SELF_DESCRIBING_FORMATS.has(jsonSchema.format))
        delete jsonSchema.pattern;
    },
  }) as JsonSchema;
  const { $schema: _dialect, ...rest } = converted;
  // Named schemas (`.meta({ id })`) stay in `$defs` for withNamedSchemas to make components; zod names the parts of
  // a recursive schema itself (`__schema0`), and those names would collide between schemas.
  if (Object.keys((rest.$defs as object | undefined) ?? {}).some((name) => name.startsWith("__schema")))
    throw new Error("Recursive zod schemas are not supported by the OpenAPI generator; give the schema a flat shape.");
  return rest;
}

/** The properties and required names of an object schema (params, query), whatever wraps it. */
export function objectPropertiesOf(
  schema: z.ZodType,
  io: "input" | "output",
): { properties: Record<string, JsonSchema>; required: string[] } {
  const json = jsonSchemaOf(schema, io);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(json.required) ? (json.required as string[]) : [];
  return { properties, required };
}
