import { stdnum } from "stdnum";
import { z } from "zod";
import { documentedAs } from "@/lib/platform/http/shapes";

/**
 * Spanish tax ids with their check character, through stdnum (a maintained port of python-stdnum): the NIF of a
 * person (DNI: 8 digits and a letter; K, L, M forms), of a foreigner (NIE: X, Y or Z, 7 digits, a letter) and of an
 * entity (CIF: a letter, 7 digits, a digit or letter). Spaces, dots and dashes are dropped; stored upper-case, compact.
 */
const spanishNif = stdnum.ES?.nif;
if (!spanishNif) throw new Error("stdnum has no Spanish NIF validator");

export function compactSpanishTaxId(text: string): string | null {
  const checked = (spanishNif as NonNullable<typeof spanishNif>).validate(text);
  return checked.isValid ? checked.compact : null;
}

/** A NIF/CIF/DNI/NIE in a request: validated with its check character, answered compact ("B58378431"). */
export const spanishTaxIdField = documentedAs(
  z
    .string()
    .trim()
    .max(20, "Use at most 20 characters.")
    .transform((text, context) => {
      const compact = compactSpanishTaxId(text);
      if (compact) return compact;
      context.addIssue({
        code: "custom",
        message: "Use a valid Spanish NIF, DNI, NIE or CIF, check letter included (e.g. 12345678Z or B58378431).",
      });
      return z.NEVER;
    }),
  {
    type: "string",
    maxLength: 20,
    description: "A Spanish NIF (DNI, NIE or CIF) with its check character; answered compact and upper-case.",
    examples: ["B58378431"],
  },
);
