import anyAscii from "any-ascii";
import { OUTSIDE_SEPA_CHARSET } from "./charset";

/*
 * any-ascii (ISC, kept up to date with Unicode) transliterates: a table per script is what a library does better than
 * a list here. Server only: its tables are large, and the console never writes bank files.
 */

/** ASCII the SEPA set lacks, as its closest SEPA character. */
const SEPA_EQUIVALENTS: Readonly<Record<string, string>> = { "&": "+", "`": "'" };

/**
 * `text` in the SEPA character set, at most `maxLength` long: every script transliterated to Latin letters by any-ascii
 * (accents dropped, ligatures spelled out, and Greek, Cyrillic, Chinese or Arabic names romanised: "Γιώργος" →
 * "Giorgos", "王小明" → "WangXiaoMing"), other characters removed, spaces collapsed. A name outside the Latin script
 * used to come out empty, and a bank refuses a whole file for one empty name.
 */
export function sepaText(text: string, maxLength: number): string {
  return anyAscii(text)
    .replace(/[&`]/g, (character) => SEPA_EQUIVALENTS[character] ?? "")
    .replace(/\s+/g, " ")
    .replace(OUTSIDE_SEPA_CHARSET, "")
    .replace(/ {2,}/g, " ")
    .trim()
    .slice(0, maxLength)
    .trimEnd();
}
