import { describe, expect, it } from "vitest";
import { z } from "zod";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";
import { buildOpenApiDocument } from "./document";
import type { OperationObject, ParameterObject, ResponseObject } from "./explore";

const answer = async () => ok({ version: 1 });
const params = z.object({ id: z.uuid() });
const gadget = z.object({ id: z.uuid(), version: z.number().int() });

const document = buildOpenApiDocument(
  {
    "gadgets/[id]": {
      GET: route({ access: "plans:read", params, versioned: true, response: { schema: gadget } }, answer),
      PUT: route(
        { access: "plans:write", params, body: gadget, versioned: true, response: { schema: gadget } },
        answer,
      ),
      DELETE: route({ access: "plans:delete", params, versioned: true, successStatus: 204 }, answer),
    },
    "gadgets/[id]/polish": {
      PUT: route({ access: "plans:write", params, response: { schema: gadget } }, answer),
    },
  },
  "1.0.0",
);
const operation = (path: string, method: "get" | "put" | "delete") => document.paths[path]?.[method] as OperationObject;
const ifMatch = (op: OperationObject) =>
  (op.parameters as ParameterObject[] | undefined)?.find((parameter) => parameter.name === "If-Match");

describe("conditional requests in the API reference", () => {
  it("documents the ETag of a versioned record's answers", () => {
    for (const method of ["get", "put"] as const)
      expect((operation("/api/gadgets/{id}", method).responses["200"] as ResponseObject).headers).toHaveProperty(
        "ETag",
      );
    const deleted = operation("/api/gadgets/{id}", "delete").responses["204"] as ResponseObject;
    expect(deleted.description).toBe("Done; no body.");
    expect(deleted.headers).not.toHaveProperty("ETag");
  });

  it("documents If-Match and 412 on a versioned record's PUT and DELETE only", () => {
    for (const method of ["put", "delete"] as const) {
      expect(ifMatch(operation("/api/gadgets/{id}", method))).toMatchObject({ in: "header", required: false });
      expect((operation("/api/gadgets/{id}", method).responses["412"] as ResponseObject).description).toContain(
        "Precondition.Failed",
      );
    }
    expect(ifMatch(operation("/api/gadgets/{id}", "get"))).toBeUndefined();
    expect(operation("/api/gadgets/{id}/polish", "put").responses["412"]).toBeUndefined();
  });
});
