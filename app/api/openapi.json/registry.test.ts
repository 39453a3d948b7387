import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { placeholdersOf } from "@/lib/http/answer-headers";
import { isOtherMethodHandler } from "@/lib/http/method-not-allowed";
import { routeDeclaration } from "@/lib/http/route";
import { HTTP_METHODS, implementedMethods, openApiPath } from "@/lib/openapi/document";
import { type JsonSchema, jsonSchemaOf, objectPropertiesOf } from "@/lib/openapi/json-schema";
import { PAGING_BOUNDS, PAGING_REFUSALS } from "@/tests/support/list-queries";
import { DOCUMENT_ROUTE, DOCUMENTED_ROUTES, UNDOCUMENTED_ROUTES } from "./registry";

const API_DIR = path.resolve(import.meta.dirname, "..");

/** Every folder below app/api holding a route.ts, as Next.js serves them. */
function routeFolders(): string[] {
  return readdirSync(API_DIR, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name === "route.ts")
    .map((entry) => path.relative(API_DIR, entry.parentPath).split(path.sep).join("/"))
    .sort();
}

const importName = (folder: string) =>
  `${folder
    .split(/[/\-[\].]+/)
    .filter(Boolean)
    .map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join("")}Route`;

describe("the routes the OpenAPI document describes", () => {
  it("are exactly the route.ts files under app/api, less the excluded ones", () => {
    const accounted = new Set([...Object.keys(DOCUMENTED_ROUTES), ...Object.keys(UNDOCUMENTED_ROUTES), DOCUMENT_ROUTE]);
    const missing = routeFolders().filter((folder) => !accounted.has(folder));
    const hint = missing
      .map(
        (folder) =>
          `import * as ${importName(folder)} from "@/app/api/${folder}/route";  +  "${folder}": ${importName(folder)},`,
      )
      .join("\n");
    expect(
      missing,
      `route files the document does not describe; add them to app/api/openapi.json/registry.ts:\n${hint}`,
    ).toEqual([]);
    const gone = [...accounted].filter((folder) => !routeFolders().includes(folder));
    expect(gone, "app/api/openapi.json/registry.ts lists routes that do not exist").toEqual([]);
  });

  it("lists no folder both as documented and as excluded", () => {
    expect(
      Object.keys(DOCUMENTED_ROUTES).filter((folder) => folder in UNDOCUMENTED_ROUTES || folder === DOCUMENT_ROUTE),
    ).toEqual([]);
  });

  it("gives a reason for each exclusion", () => {
    for (const reason of Object.values(UNDOCUMENTED_ROUTES)) expect(reason.length).toBeGreaterThan(20);
  });

  it.each(Object.entries(DOCUMENTED_ROUTES))(
    "%s exports handlers made by route(), and otherMethods()' answers for every other method",
    (folder, module) => {
      const implemented = implementedMethods(module);
      expect(implemented.length).toBeGreaterThan(0);
      for (const method of implemented)
        expect(routeDeclaration(module[method]), `${method} ${openApiPath(folder)}`).toBeDefined();
      const others = Object.keys(module)
        .filter((name) => /^[A-Z]+$/.test(name) && !(implemented as string[]).includes(name))
        .sort();
      const expected = [
        ...HTTP_METHODS.filter((method) => !implemented.includes(method)),
        "OPTIONS",
        ...(implemented.includes("GET") ? [] : ["HEAD"]),
      ].sort();
      const hint = `app/api/${folder}/route.ts should end with: export const { ${expected.join(", ")} } = otherMethods({ ${implemented.join(", ")} });`;
      expect(others, hint).toEqual(expected);
      for (const name of others)
        expect(isOtherMethodHandler(module[name]), `${name} ${openApiPath(folder)}`).toBe(true);
    },
  );

  it.each(Object.entries(DOCUMENTED_ROUTES))("%s names the created resource of each 201 answer", (folder, module) => {
    for (const method of implementedMethods(module)) {
      const declaration = routeDeclaration(module[method]);
      const status = declaration?.response?.status ?? declaration?.successStatus;
      if (status !== 201) continue;
      const operation = `${method} ${openApiPath(folder)}`;
      expect(declaration?.location, `${operation} declares no location`).toBeDefined();
      const schema = declaration?.response?.schema;
      expect(schema, `${operation} declares no response schema to fill its location from`).toBeDefined();
      if (!declaration?.location || !schema) continue;
      const body = jsonSchemaOf(schema, "output");
      for (const placeholder of placeholdersOf(declaration.location))
        expect(
          schemaAt(body, placeholder),
          `${operation}: {${placeholder}} is not a field of its answer`,
        ).toBeDefined();
    }
  });
});

/** The JSON schema of a dotted field path (`member.id`) in an object schema, or undefined; named parts followed. */
function schemaAt(schema: JsonSchema, path: string): JsonSchema | undefined {
  const definitions = (schema.$defs ?? {}) as Record<string, JsonSchema>;
  const followed = (part: JsonSchema | undefined) =>
    typeof part?.$ref === "string" ? definitions[part.$ref.replace("#/$defs/", "")] : part;
  let current: JsonSchema | undefined = followed(schema);
  for (const key of path.split("."))
    current = followed((current?.properties as Record<string, JsonSchema> | undefined)?.[key]);
  return current;
}

/** Every documented list taking pageNumber and pageSize, with the query schema its route validates with. */
const pagedLists = Object.entries(DOCUMENTED_ROUTES).flatMap(([folder, module]) =>
  implementedMethods(module).flatMap((method) => {
    const query = routeDeclaration(module[method])?.query;
    const { properties } = query ? objectPropertiesOf(query, "input") : { properties: {} };
    return query && "pageNumber" in properties && "pageSize" in properties
      ? [[`${method} ${openApiPath(folder)}`, query] as const]
      : [];
  }),
);

describe("every paged list", () => {
  it("is found", () => expect(pagedLists.length).toBeGreaterThanOrEqual(15));

  // The parser itself is tested in lib/platform/pagination.test.ts; this holds each list to it (no list overrides it).
  it.each(pagedLists)("%s refuses and accepts paging as the shared parser does", (_operation, query) => {
    const fieldsRefused = (input: Record<string, unknown>) => {
      const parsed = query.safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join("."));
    };
    for (const [input, field] of PAGING_REFUSALS) expect(fieldsRefused(input), JSON.stringify(input)).toContain(field);
    for (const bounds of PAGING_BOUNDS)
      for (const field of Object.keys(bounds))
        expect(fieldsRefused(bounds), JSON.stringify(bounds)).not.toContain(field);
  });
});
