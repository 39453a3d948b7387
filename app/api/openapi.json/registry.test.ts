import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { routeDeclaration } from "@/lib/http/route";
import { HTTP_METHODS, openApiPath } from "@/lib/openapi/document";
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
    expect(missing, `route files the document does not describe; add them to app/api/openapi.json/registry.ts:\n${hint}`).toEqual(
      [],
    );
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

  it.each(Object.entries(DOCUMENTED_ROUTES))("%s exports only handlers made by route()", (folder, module) => {
    const methods = HTTP_METHODS.filter((method) => module[method] !== undefined);
    expect(methods.length).toBeGreaterThan(0);
    for (const method of methods)
      expect(routeDeclaration(module[method]), `${method} ${openApiPath(folder)}`).toBeDefined();
    const otherExports = Object.keys(module).filter(
      (name) => /^[A-Z]+$/.test(name) && !(HTTP_METHODS as readonly string[]).includes(name),
    );
    expect(otherExports, "HEAD/OPTIONS handlers are not described").toEqual([]);
  });
});
