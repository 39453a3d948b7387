import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generatedSchema, SCHEMA_FILE } from "./generate";

describe("the committed client types (clients/typescript/schema.ts)", () => {
  it("are what the served OpenAPI document generates now; else run `npm run client:generate`", async () => {
    expect(readFileSync(SCHEMA_FILE, "utf8")).toBe(await generatedSchema());
  }, 30_000);
});
