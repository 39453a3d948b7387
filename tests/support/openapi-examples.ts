import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { type RouteHandler, routeDeclaration } from "@/lib/http/route";
import type { OperationExamples } from "@/lib/openapi/examples";
import type { ApiReply } from "./api";

/**
 * Records the documented examples from real exchanges: with `RECORD_OPENAPI_EXAMPLES=1`, every successful JSON
 * exchange a test makes through call() may become its operation's example in app/api/openapi.json/examples.json.
 * Which test's exchange is kept does not depend on the order tests run in: the curated flows of the document's own
 * test first, then the test file whose path sorts first. The document's test checks every example against the
 * schemas it illustrates, so a kept example that stops being true fails there (docs/api.md, The OpenAPI document).
 */
export const RECORDING = process.env.RECORD_OPENAPI_EXAMPLES === "1";

const EXAMPLES_FILE = path.resolve(import.meta.dirname, "../../app/api/openapi.json/examples.json");
const PREFERRED_SOURCE = "app/api/openapi.json/openapi.int.test.ts";
/** Longer lists are cut to this many items, and an example longer than this many characters is not kept. */
const MAX_ITEMS = 2;
const MAX_LENGTH = 6_000;

let operations: Map<RouteHandler, string> | undefined;

/** The operation (`POST /api/members`) a handler serves. */
async function operationOf(handler: RouteHandler): Promise<string | undefined> {
  if (!operations) {
    const { DOCUMENTED_ROUTES } = await import("@/app/api/openapi.json/registry");
    const { implementedMethods, openApiPath } = await import("@/lib/openapi/document");
    operations = new Map(
      Object.entries(DOCUMENTED_ROUTES).flatMap(([folder, module]) =>
        implementedMethods(module).map((method) => [
          module[method] as RouteHandler,
          `${method} ${openApiPath(folder)}`,
        ]),
      ),
    );
  }
  return operations.get(handler);
}

const shortened = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(shortened);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shortened(item)]));
};

const rank = (source: string) => (source === PREFERRED_SOURCE ? "" : source);

/** Keeps a successful exchange as the operation's example unless a test that ranks first already gave one. */
export async function recordExample(handler: RouteHandler, request: unknown, reply: ApiReply<unknown>): Promise<void> {
  const declaration = routeDeclaration(handler);
  const success = declaration?.response?.status ?? declaration?.successStatus ?? 200;
  const operation = await operationOf(handler);
  const testPath = expect.getState().testPath;
  const response = reply.body ?? undefined;
  if (!operation || !testPath || reply.status !== success || (request === undefined && response === undefined)) return;
  const source = path
    .relative(path.resolve(import.meta.dirname, "../.."), testPath)
    .split(path.sep)
    .join("/");
  const candidate: OperationExamples = {
    source,
    ...(request !== undefined && { request: shortened(request) }),
    ...(response !== undefined && { response: shortened(response) }),
  };
  if (JSON.stringify(candidate).length > MAX_LENGTH) return;
  const examples = JSON.parse(readFileSync(EXAMPLES_FILE, "utf8")) as Record<string, OperationExamples>;
  const kept = examples[operation];
  if (kept && rank(kept.source) <= rank(source)) return;
  examples[operation] = candidate;
  const sorted = Object.fromEntries(Object.entries(examples).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(EXAMPLES_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
}
