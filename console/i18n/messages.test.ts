import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { cataloguesByLanguage } from "@/messages";

type Tree = { [key: string]: string | Tree };

/** Every message of a catalogue by its dotted key. */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(name, value);
    else for (const [inner, text] of flatten(value, name)) entries.set(inner, text);
  }
  return entries;
}

/** The arguments an ICU message takes, with their kinds: "{count, plural, …}" → "count:plural". */
function argumentsOf(elements: readonly MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      found.add(`<${element.value}>`);
      argumentsOf(element.children, found);
      continue;
    }
    found.add(`${element.value}:${TYPE[element.type]}`);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
  }
  return found;
}

const english = flatten(cataloguesByLanguage.en as Tree);
const spanish = flatten(cataloguesByLanguage.es as Tree);

describe("the console's messages", () => {
  it("has every English key in Spanish and no Spanish key that English lacks", () => {
    expect([...spanish.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("gives each Spanish message the English one's arguments, and every message parses as ICU", () => {
    for (const [key, text] of english) {
      const translation = spanish.get(key) ?? "";
      expect({ key, arguments: [...argumentsOf(parse(translation))].sort() }).toEqual({
        key,
        arguments: [...argumentsOf(parse(text))].sort(),
      });
    }
  });

  it("has no empty message", () => {
    for (const [key, text] of [...english, ...spanish])
      expect({ key, text: text.trim() === "" }).toEqual({ key, text: false });
  });

  it("words every business error code the API answers with", () => {
    const sources = readdirSync("lib", { recursive: true, encoding: "utf8" }).filter(
      (file) => file.endsWith(".ts") && !file.endsWith(".test.ts"),
    );
    const codes = new Set(
      sources.flatMap((file) =>
        [...readFileSync(path.join("lib", file), "utf8").matchAll(/businessError\(\s*"([A-Za-z]+\.[A-Za-z]+)"/g)].map(
          (match) => match[1] as string,
        ),
      ),
    );
    expect(codes.size).toBeGreaterThan(40);
    const untranslated = [...codes].filter((code) => !english.has(`errors.${code}`));
    expect(untranslated).toEqual([]);
  });
});
