import { describe, expect, it } from "vitest";
import { z } from "zod";
import { route } from "@/lib/http/route";
import { pageOf } from "@/lib/platform/http/shapes";
import { ok } from "@/lib/platform/result";
import { buildOpenApiDocument } from "./document";
import {
  type ApiDocument,
  endpointGroups,
  endpointMatches,
  exampleOf,
  flatten,
  requestUrl,
  resolve,
  type SchemaObject,
  typeLabel,
} from "./explore";

const answer = async () => ok({});
const item = z.object({
  id: z.uuid(),
  name: z.string().max(100),
  tags: z.array(z.string()),
  note: z.string().nullable(),
});
const document = buildOpenApiDocument(
  {
    things: {
      GET: route({ access: "plans:read", summary: "List things", response: { schema: pageOf(item) } }, answer),
      POST: route(
        {
          access: "plans:write",
          body: z.object({ name: z.string(), kind: z.enum(["a", "b"]), size: z.number().int().min(1).default(3) }),
        },
        answer,
      ),
    },
    "things/[id]": {
      DELETE: route({ access: "plans:delete", params: z.object({ id: z.uuid() }), response: { status: 204 } }, answer),
    },
    "auth/login": { POST: route({ rateLimit: "auth", summary: "Sign in" }, answer) },
  },
  "1",
) as unknown as ApiDocument;

const listOperation = document.paths["/api/things"]?.get;
const pageSchema =
  listOperation?.responses["200"] &&
  resolve(document, listOperation.responses["200"]).content?.["application/json"]?.schema;

describe("reading the generated document", () => {
  it("follows references into components", () => {
    expect(resolve(document, { $ref: "#/components/responses/Forbidden" })).toMatchObject({
      description: expect.stringContaining("Auth.Forbidden"),
    });
    expect(() => resolve(document, { $ref: "#/components/schemas/Nope" })).toThrow(/Unresolvable/);
  });

  it("merges a page's allOf into one object with typed items", () => {
    const page = flatten(document, pageSchema as SchemaObject);
    expect(Object.keys(page.properties ?? {})).toEqual(["totalCount", "pageNumber", "pageSize", "totalPages", "items"]);
    expect(typeLabel(document, page.properties?.items)).toBe("array of object");
  });

  it("labels types in a few words", () => {
    const properties = flatten(document, pageSchema as SchemaObject).properties?.items?.items?.properties ?? {};
    expect(typeLabel(document, properties.id)).toBe("string (uuid)");
    expect(typeLabel(document, properties.name)).toBe("string ≤ 100 characters");
    expect(typeLabel(document, properties.tags)).toBe("array of string");
    expect(typeLabel(document, properties.note)).toBe("string | null");
    expect(typeLabel(document, { enum: ["asc", "desc"] })).toBe("one of: asc, desc");
    expect(typeLabel(document, { type: "integer", minimum: 1, maximum: 100 })).toBe("integer 1–100");
  });

  it("starts a request body from defaults, enums and formats", () => {
    const body = document.paths["/api/things"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(exampleOf(document, body)).toEqual({ name: "text", kind: "a", size: 3 });
    expect(exampleOf(document, { type: "string", format: "date" })).toBe("2026-11-20");
    expect(exampleOf(document, { anyOf: [{ type: "null" }, { type: "integer", minimum: 5 }] })).toBe(5);
  });

  it("groups endpoints by tag, in the document's tag order", () => {
    const groups = endpointGroups(document);
    expect(groups.map((group) => group.name)).toEqual(["Authentication", "Things"]);
    expect(groups[1]?.endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([
      "get /api/things",
      "post /api/things",
      "delete /api/things/{id}",
    ]);
  });

  it("finds endpoints by words of their path, summary or permission", () => {
    const [endpoint] = endpointGroups(document)[1]?.endpoints ?? [];
    expect(endpoint && endpointMatches(endpoint, "list things")).toBe(true);
    expect(endpoint && endpointMatches(endpoint, "plans:read")).toBe(true);
    expect(endpoint && endpointMatches(endpoint, "members")).toBe(false);
  });

  it("builds a request URL with encoded path values and non-empty query values", () => {
    expect(requestUrl("/api/things/{id}/x", { id: "a b/c" }, { pageSize: "5", search: "" })).toBe(
      "/api/things/a%20b%2Fc/x?pageSize=5",
    );
    expect(requestUrl("/api/things", {}, {})).toBe("/api/things");
  });
});
