import { getConfig } from "@/lib/config";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { buildOpenApiDocument, type OpenApiDocument } from "@/lib/openapi/document";
import { openApiDocumentShape } from "@/lib/platform/http/shapes";
import { ok } from "@/lib/platform/result";
import packageJson from "@/package.json";
import examples from "./examples.json";
import { DOCUMENT_ROUTE, DOCUMENTED_ROUTES } from "./registry";

export const dynamic = "force-dynamic";

let document: OpenApiDocument | undefined;

/** The OpenAPI 3.1 document of every /api endpoint, generated once per process from the routes' own zod schemas. */
export const GET = route(
  {
    summary: "This OpenAPI 3.1 document",
    description:
      "Generated from the zod schemas the handlers validate with; public, so tools can read it without signing in.",
    response: { schema: openApiDocumentShape },
    withoutServices: true,
  },
  async () => {
    document ??= buildOpenApiDocument({ ...DOCUMENTED_ROUTES, [DOCUMENT_ROUTE]: { GET } }, packageJson.version, {
      examples,
      // Only a configured APP_URL is a public address; its default is a development one.
      publicUrl: process.env.APP_URL ? getConfig().APP_URL : undefined,
    });
    return ok(document);
  },
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
