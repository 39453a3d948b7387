/**
 * The SEPA "Latin character set" every interbank SEPA message is limited to (EPC217-08, Best Practices on the use of
 * the Latin character set): a–z, A–Z, 0–9, space and / - ? : ( ) . , ' +. Banks may reject or mangle anything else,
 * so text is transliterated before it goes into a bank file ("Núñez" → "Nunez", "Çà" → "Ca").
 */
const OUTSIDE_SEPA_CHARSET = /[^A-Za-z0-9/\-?:().,'+ ]/g;
const SEPA_CHARSET_ONLY = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

/** Letters a decomposition (NFD) does not reduce to a base letter plus accents. */
const LIGATURES: Readonly<Record<string, string>> = {
  ß: "ss",
  Æ: "AE",
  æ: "ae",
  Œ: "OE",
  œ: "oe",
  Ø: "O",
  ø: "o",
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Þ: "Th",
  þ: "th",
  "&": "+",
  "´": "'",
  "`": "'",
  "’": "'",
  "‘": "'",
};
const LIGATURE_KEYS = new RegExp(`[${Object.keys(LIGATURES).join("")}]`, "g");

/** `text` in the SEPA character set: accents dropped, ligatures spelled out, other characters removed, spaces collapsed, at most `maxLength` long. */
export function sepaText(text: string, maxLength: number): string {
  return text
    .replace(LIGATURE_KEYS, (letter) => LIGATURES[letter] ?? "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\s+/g, " ")
    .replace(OUTSIDE_SEPA_CHARSET, "")
    .replace(/ {2,}/g, " ")
    .trim()
    .slice(0, maxLength)
    .trimEnd();
}

export function isSepaText(text: string): boolean {
  return SEPA_CHARSET_ONLY.test(text);
}
