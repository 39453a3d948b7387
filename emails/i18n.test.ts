import { describe, expect, it } from "vitest";
import { EMAIL_CATALOGUES, EMAIL_LANGUAGES } from "./i18n";

type Catalogue = { [key: string]: string | Catalogue };

/** Every message of a catalogue by its dotted key. */
function flatten(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const messages = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") messages.set(path, value);
    else for (const [nested, message] of flatten(value, path)) messages.set(nested, message);
  }
  return messages;
}

/**
 * The arguments and rich-text tags an ICU message uses, with the type of each argument ("name", "daysLeft:plural",
 * "<link>"). Branch bodies of plural and select are read as messages; their selectors (one, other, =0) are not arguments.
 */
function icuArguments(message: string): string[] {
  const found = new Set<string>();
  let at = 0;
  const readMessage = (): void => {
    while (at < message.length && message[at] !== "}") {
      if (message[at] === "{") readArgument();
      else at += 1;
    }
  };
  const readArgument = (): void => {
    const end = message.slice(at + 1).search(/[,}]/) + at + 1;
    const name = message.slice(at + 1, end).trim();
    at = end;
    if (message[at] === "}") {
      found.add(name);
      at += 1;
      return;
    }
    const typeEnd = message.slice(at + 1).search(/[,}]/) + at + 1;
    const type = message.slice(at + 1, typeEnd).trim();
    found.add(`${name}:${type}`);
    at = typeEnd;
    while (message[at] !== "}") {
      if (message[at] === "{") {
        at += 1;
        readMessage();
      }
      at += 1;
    }
    at += 1;
  };
  readMessage();
  for (const [, tag] of message.matchAll(/<(\w+)>/g)) found.add(`<${tag}>`);
  return [...found].sort();
}

describe("the emails' catalogues", () => {
  const english = flatten(EMAIL_CATALOGUES.en);

  it.each(EMAIL_LANGUAGES)("%s has every key the other languages have, and no other", (language) => {
    const keys = [...flatten(EMAIL_CATALOGUES[language]).keys()].sort();
    for (const other of EMAIL_LANGUAGES) expect(keys).toEqual([...flatten(EMAIL_CATALOGUES[other]).keys()].sort());
  });

  it.each(EMAIL_LANGUAGES)("%s uses the same ICU arguments and tags as English in every message", (language) => {
    for (const [key, message] of flatten(EMAIL_CATALOGUES[language])) {
      expect({ key, arguments: icuArguments(message) }).toEqual({
        key,
        arguments: icuArguments(english.get(key) ?? ""),
      });
    }
  });

  it("reads the arguments of nested plurals, selects and tags", () => {
    expect(icuArguments("Ends {daysLeft, plural, =0 {today} other {in # days}} at {clubName}")).toEqual([
      "clubName",
      "daysLeft:plural",
    ]);
    expect(icuArguments("{stage, select, confirmed {Hi {name}} other {Bye}} <link>x</link>")).toEqual([
      "<link>",
      "name",
      "stage:select",
    ]);
  });

  it("has no empty message", () => {
    for (const language of EMAIL_LANGUAGES)
      for (const [key, message] of flatten(EMAIL_CATALOGUES[language]))
        expect({ key, message }).not.toEqual({ key, message: "" });
  });
});
