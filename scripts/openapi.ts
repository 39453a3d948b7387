// `npm run openapi -- [file]`: writes the OpenAPI document GET /api/openapi.json serves (to stdout without a file),
// so tools (the OpenAPI linter, client generators) read it without starting the server.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { GET } from "@/app/api/openapi.json/route";

const response = await GET(new Request("http://localhost/api/openapi.json"), { params: Promise.resolve({}) });
const text = `${JSON.stringify(await response.json(), null, 2)}\n`;
const [file] = process.argv.slice(2);
if (file) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
} else process.stdout.write(text);
