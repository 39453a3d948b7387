import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { validateXML } from "xmllint-wasm";

/** The official ISO 20022 schema the bank files are checked against (./xsd/README.md: origin and licence). */
const PAIN_008_XSD = path.join(process.cwd(), "lib/billing/sepa/xsd/pain.008.001.02.xsd");
let schema: Promise<string> | undefined;

export type SchemaVerdict = { valid: true } | { valid: false; errors: string[] };

/**
 * Verdicts by the file's SHA-256. Each validation starts libxml2's WebAssembly afresh (about 0.5 s, seconds on a busy
 * machine), while a remittance's file is the same bytes at every download: its verdict is kept. Bounded, oldest first.
 */
const verdicts = new Map<string, Promise<SchemaVerdict>>();
const KEPT_VERDICTS = 200;

async function validate(xml: string): Promise<SchemaVerdict> {
  schema ??= readFile(PAIN_008_XSD, "utf8");
  const result = await validateXML({
    xml: [{ fileName: "remittance.xml", contents: xml }],
    schema: [{ fileName: "pain.008.001.02.xsd", contents: await schema }],
    // Room to grow for a remittance of tens of thousands of debits (the default stops at 32 MiB): up to 1 GiB.
    maxMemoryPages: 16_384,
  });
  return result.valid ? { valid: true } : { valid: false, errors: result.errors.map((error) => error.message) };
}

/**
 * Checks a pain.008.001.02 file against its XSD before anyone hands it to a bank: a file the schema refuses is refused
 * whole by the bank, so it is never served (lib/billing/collections/remittance-file.ts). libxml2's own validator,
 * compiled to WebAssembly (xmllint-wasm), so it needs no system package and runs where the server does.
 */
export function validatePain008(xml: string): Promise<SchemaVerdict> {
  const key = createHash("sha256").update(xml).digest("hex");
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const verdict = validate(xml);
  verdicts.set(key, verdict);
  // A failure to run the validator is not a verdict: the next download tries again.
  verdict.catch(() => verdicts.delete(key));
  if (verdicts.size > KEPT_VERDICTS) verdicts.delete(verdicts.keys().next().value as string);
  return verdict;
}
