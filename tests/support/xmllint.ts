import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

export type XmllintVerdict = { valid: boolean; output: string };

/**
 * xmllint's verdict on `xml` against an official schema (Debian's libxml2-utils, installed by scripts/test.sh), offline:
 * `--nonet`, with the XML catalog beside the schema (`catalog.xml`, when there is one) mapping the schemas it imports
 * from the web to their shipped copies.
 */
export async function xmllint(xml: string, schema: string): Promise<XmllintVerdict> {
  const directory = await mkdtemp(path.join(tmpdir(), "xmllint-"));
  const file = path.join(directory, "document.xml");
  await writeFile(file, xml);
  const env = { ...process.env, XML_CATALOG_FILES: path.join(path.dirname(schema), "catalog.xml") };
  try {
    const { stderr } = await promisify(execFile)("xmllint", ["--nonet", "--noout", "--schema", schema, file], { env });
    return { valid: true, output: stderr };
  } catch (error) {
    return { valid: false, output: String((error as { stderr?: string }).stderr ?? error) };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
