/**
 * The SEPA "Latin character set" every interbank SEPA message is limited to (EPC217-08, Best Practices on the use of
 * the Latin character set): a–z, A–Z, 0–9, space and / - ? : ( ) . , ' +. Banks may reject or mangle anything else,
 * so text is transliterated before it goes into a bank file (./transliterate.ts). This file stays small: the console
 * checks mandate references with it in the browser.
 */
export const OUTSIDE_SEPA_CHARSET = /[^A-Za-z0-9/\-?:().,'+ ]/g;
const SEPA_CHARSET_ONLY = /^[A-Za-z0-9/\-?:().,'+ ]*$/;

export function isSepaText(text: string): boolean {
  return SEPA_CHARSET_ONLY.test(text);
}
