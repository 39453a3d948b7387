import { fromCents } from "@/lib/platform/money";

/** A club calendar date (YYYY-MM-DD) as the AEAT's records write dates: "01-12-2026" (type `fecha`). */
export const aeatDate = (isoDate: string) => {
  const [year, month, day] = isoDate.split("-");
  return `${day}-${month}-${year}`;
};

/** An amount of cents as the records write amounts (ImporteSgn12.2Type): "-12.35", a dot and two decimals. */
export const aeatAmount = (cents: bigint) => fromCents(cents);

/** A rate in basis points as a percentage (Tipo2.2Type): 2100 → "21.00". */
export const aeatRate = (basisPoints: number) => (basisPoints / 100).toFixed(2);

/** The first `length` characters (code points, as the schemas count them) of a text. */
export const upTo = (text: string, length: number) => [...text.trim()].slice(0, length).join("");

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
export const xmlText = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
