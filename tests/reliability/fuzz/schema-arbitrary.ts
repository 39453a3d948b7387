import fc from "fast-check";
import { hostileKey, hostileString, hostileValue } from "./hostile";

/** The JSON Schema subset zod writes for the API's inputs (lib/openapi/json-schema.ts). */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};

/**
 * How far a generated value strays from its schema: 0 writes only what the schema allows (so requests reach the
 * services), higher weights swap more nodes for hostile values, drop required properties and add unknown ones.
 * (The fuzzer's "one field" mode is `withOneHostileNode` over a value of hostility 0.)
 */
export type Hostility = 0 | 1 | 3;

/** Ids the schema cannot know: a property or parameter named like an entity's id takes known ids of that entity. */
export type IdPool = (name: string) => readonly string[];

const MAX_STRING = 60;

const isoDate = fc
  .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
/** Mostly near today, where the business rules live (attendance windows, terms in force). */
const recentDate = fc
  .integer({ min: -40, max: 40 })
  .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
const isoDateTime = fc
  .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString());
const recentDateTime = fc
  .integer({ min: -10 * 86_400, max: 86_400 })
  .map((seconds) => new Date(Date.now() + seconds * 1000).toISOString());

function stringArbitrary(schema: JsonSchema, name: string, ids: IdPool): fc.Arbitrary<string> {
  const known = ids(name);
  // Names the schema cannot enumerate (a job, a template): mostly real ones, so the request reaches the service.
  if (known.length > 0 && schema.format !== "uuid") {
    return fc.oneof(
      { arbitrary: fc.constantFrom(...known), weight: 3 },
      { arbitrary: stringArbitrary(schema, "", () => []), weight: 1 },
    );
  }
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? MAX_STRING, Math.max(min, MAX_STRING));
  switch (schema.format) {
    case "uuid": {
      return known.length > 0
        ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 4 }, { arbitrary: fc.uuid(), weight: 1 })
        : fc.uuid();
    }
    case "date":
      return fc.oneof(recentDate, isoDate);
    case "date-time":
      return fc.oneof(recentDateTime, isoDateTime);
    case "email":
      return fc.oneof(
        fc
          .emailAddress()
          .filter(
            (email) =>
              email.length <= (schema.maxLength ?? 254) &&
              /^[\w.+'-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(email),
          ),
        fc.nat(10_000).map((n) => `fuzz${n}@club.example`),
      );
    case undefined:
      break;
  }
  if (schema.pattern)
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  // Never the seeded accounts' passwords: a fuzzed password change must not sign the fuzzer's own admin out.
  if (/password/i.test(name))
    return fc.constantFrom("Fuzzed-Passw0rd-1", "Another-Passw0rd2", "short", "nouppercase1!", "NOLOWERCASE1!");
  return fc.string({ minLength: min, maxLength: max }).filter((s) => s.trim().length >= Math.min(min, 1));
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ??
    (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON) : -1_000);
  const max =
    schema.maximum ??
    (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON) : 1_000);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(
  schema: JsonSchema,
  hostility: Hostility,
  ids: IdPool,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model = Object.fromEntries(
    Object.entries(properties).map(([key, child]) => [key, valueFor(child, hostility, ids, key, depth + 1)]),
  );
  // Optional properties come and go; with hostility, required ones may go missing too.
  const requiredKeys = hostility === 0 ? [...required] : [...required].filter((_, i) => i % (hostility + 1) !== 0);
  const base = fc.record(model, { requiredKeys });
  if (hostility === 0) return base;
  return fc
    .tuple(base, fc.dictionary(hostileKey, hostileValue, { maxKeys: hostility === 3 ? 3 : 1 }))
    .map(([value, extra]) => {
      // JSON.parse makes "__proto__" an own property; do the same here instead of setting the prototype.
      const merged: Record<string, unknown> = { ...value };
      for (const [key, extraValue] of Object.entries(extra))
        Object.defineProperty(merged, key, { value: extraValue, enumerable: true, writable: true, configurable: true });
      return merged;
    });
}

function conforming(
  schema: JsonSchema,
  hostility: Hostility,
  ids: IdPool,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives)
    return fc.oneof(...alternatives.map((alternative) => valueFor(alternative, hostility, ids, name, depth)));
  if (schema.allOf) return valueFor(Object.assign({}, ...schema.allOf), hostility, ids, name, depth);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1)
    return fc.oneof(...types.map((type) => conforming({ ...schema, type }, hostility, ids, name, depth)));
  switch (types[0]) {
    case "string":
      return stringArbitrary(schema, name, ids);
    case "integer":
      return numberArbitrary(schema, true);
    case "number":
      return numberArbitrary(schema, false);
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(
        schema.items ? valueFor(schema.items, hostility, ids, name, depth + 1) : fc.jsonValue({ maxDepth: 1 }),
        {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 5, 5),
        },
      );
    case "object":
      return objectArbitrary(schema, hostility, ids, depth);
    default:
      // `{}`: anything (zod's unknown, or a type it could not express).
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value for `schema`; with hostility > 0, any node may be replaced by a hostile value of any type. */
export function valueFor(
  schema: JsonSchema,
  hostility: Hostility,
  ids: IdPool,
  name = "",
  depth = 0,
): fc.Arbitrary<unknown> {
  const value = conforming(schema, hostility, ids, name, depth);
  if (hostility === 0 || depth > 6) return value;
  return fc.oneof({ arbitrary: value, weight: 10 - hostility * 2 }, { arbitrary: hostileValue, weight: hostility });
}

/** A query or path parameter value as text: conforming values stringified, or hostile text. */
export function parameterText(
  schema: JsonSchema,
  hostility: Hostility,
  ids: IdPool,
  name: string,
): fc.Arbitrary<string> {
  const value = conforming(schema, 0, ids, name, 0).map((v) => (typeof v === "string" ? v : (JSON.stringify(v) ?? "")));
  if (hostility === 0) return value;
  return fc.oneof({ arbitrary: value, weight: 10 - hostility * 2 }, { arbitrary: hostileString, weight: hostility });
}

/** Every node of a JSON value (containers included), in a fixed order, with the setter that replaces it. */
function nodesOf(root: { value: unknown }): ((replacement: unknown) => void)[] {
  const setters: ((replacement: unknown) => void)[] = [(replacement) => (root.value = replacement)];
  const pending: unknown[] = [root.value];
  while (pending.length > 0) {
    const current = pending.shift();
    if (current === null || typeof current !== "object") continue;
    for (const key of Object.keys(current)) {
      const container = current as Record<string, unknown>;
      setters.push((replacement) => (container[key] = replacement));
      pending.push(container[key]);
    }
  }
  return setters;
}

/** A value of `schema` that is valid except for one node (picked by index), which becomes hostile. */
export function withOneHostileNode(schema: JsonSchema, ids: IdPool): fc.Arbitrary<unknown> {
  return fc.tuple(valueFor(schema, 0, ids), fc.nat(), hostileValue).map(([value, index, hostile]) => {
    const root = { value: structuredClone(value) };
    const setters = nodesOf(root);
    // Prefer a leaf or a property over the whole value: index 0 (the root) only when nothing else exists.
    const setter = setters.length > 1 ? setters[1 + (index % (setters.length - 1))]! : setters[0]!;
    setter(hostile);
    return root.value;
  });
}
