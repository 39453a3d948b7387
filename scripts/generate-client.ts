import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { generatedSchema, SCHEMA_FILE } from "@/clients/typescript/generate";

// `npm run client:generate`: rewrites clients/typescript/schema.ts from the OpenAPI document the routes declare.
writeFileSync(SCHEMA_FILE, await generatedSchema());
console.log(`wrote ${fileURLToPath(SCHEMA_FILE)}`);
process.exit(0);
