import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { validateXML } from "xmllint-wasm";
import type { Pain008Version } from "./remittance";

/** The official ISO 20022 schema of each version the bank files are written in (./xsd/README.md: origin and licence). */
const schemaFile = (version: Pain008Version) => path.join(process.cwd(), "lib/billing/sepa/xsd", `${version}.xsd`);
const schemas = new Map<Pain008Version, Promise<string>>();

export type SchemaVerdict = { valid: true } | { valid: false; errors: string[] };

/**
 * Verdicts by the file's SHA-256. Each validation starts libxml2's WebAssembly afresh (about 0.5 s, seconds on a busy
 * machine), while a remittance's file is the same bytes at every download: its verdict is kept. Bounded, oldest first.
 * The namespace is part of the bytes, so a file's hash also names the version it was checked against.
 */
const verdicts = new Map<string, Promise<SchemaVerdict>>();
const KEPT_VERDICTS = 200;

function schemaOf(version: Pain008Version): Promise<string> {
  let schema = schemas.get(version);
  if (!schema) {
    schema = readFile(schemaFile(version), "utf8");
    schemas.set(version, schema);
  }
  return schema;
}

async function validate(xml: string, version: Pain008Version): Promise<SchemaVerdict> {
  const result = await validateXML({
    xml: [{ fileName: "remittance.xml", contents: xml }],
    schema: [{ fileName: `${version}.xsd`, contents: await schemaOf(version) }],
    // Room to grow for a remittance of tens of thousands of debits (the default stops at 32 MiB): up to 1 GiB.
    maxMemoryPages: 16_384,
  });
  return result.valid ? { valid: true } : { valid: false, errors: result.errors.map((error) => error.message) };
}

/**
 * Checks a pain.008 file against the XSD of the version it was written in before anyone hands it to a bank: a file the
 * schema refuses is refused whole by the bank, so it is never served (lib/billing/collections/remittance-file.ts).
 * libxml2's own validator, compiled to WebAssembly (xmllint-wasm), so it needs no system package and runs where the
 * server does.
 */
export function validatePain008(xml: string, version: Pain008Version = "pain.008.001.02"): Promise<SchemaVerdict> {
  const key = `${version}:${createHash("sha256").update(xml).digest("hex")}`;
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const verdict = validate(xml, version);
  verdicts.set(key, verdict);
  // A failure to run the validator is not a verdict: the next download tries again.
  verdict.catch(() => verdicts.delete(key));
  if (verdicts.size > KEPT_VERDICTS) verdicts.delete(verdicts.keys().next().value as string);
  return verdict;
}
