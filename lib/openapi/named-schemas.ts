import type { JsonSchema } from "./json-schema";

const LOCAL_DEFINITION = "#/$defs/";
const COMPONENT = "#/components/schemas/";

/**
 * Moves the named schemas (zod `.meta({ id })`), which jsonSchemaOf leaves in each schema's local `$defs`, into
 * `components.schemas`, and points every reference there: a resource is described once and every operation refers
 * to it, so generated clients get one `Member` type instead of an anonymous copy per operation.
 */
export function withNamedSchemas<Document extends { components: Record<string, Record<string, unknown>> }>(
  document: Document,
): Document {
  const named: Record<string, JsonSchema> = {};
  const hoisted = hoist(document, named) as Document;
  const clash = Object.keys(named).find((name) => name in (hoisted.components.schemas ?? {}));
  if (clash) throw new Error(`The schema id "${clash}" is also a component the generator writes; rename it.`);
  const sorted = Object.fromEntries(Object.entries(named).sort(([a], [b]) => a.localeCompare(b)));
  return { ...hoisted, components: { ...hoisted.components, schemas: { ...hoisted.components.schemas, ...sorted } } };
}

function hoist(node: unknown, named: Record<string, JsonSchema>): unknown {
  if (Array.isArray(node)) return node.map((item) => hoist(item, named));
  if (node === null || typeof node !== "object") return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$defs") {
      for (const [name, definition] of Object.entries(value as Record<string, unknown>))
        register(named, name, hoist(definition, named) as JsonSchema);
    } else if (key === "$ref" && typeof value === "string" && value.startsWith(LOCAL_DEFINITION)) {
      copy[key] = COMPONENT + value.slice(LOCAL_DEFINITION.length);
    } else copy[key] = hoist(value, named);
  }
  return copy;
}

/** One name, one shape: the same id written two ways (a body read as input and as output) would make one lie. */
function register(named: Record<string, JsonSchema>, name: string, schema: JsonSchema): void {
  const existing = named[name];
  if (existing && JSON.stringify(existing) !== JSON.stringify(schema))
    throw new Error(
      `Two different schemas are named "${name}": two shapes share the id, or one is read both as a request and as an answer (give the request its own id).`,
    );
  named[name] = schema;
}
