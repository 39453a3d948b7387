/**
 * The ISO 20022 reason codes SEPA direct debit R-transactions (rejects, returns, refunds) carry, in the words the
 * console and emails show. Sources: the EPC "Guidance on reason codes for SDD R-transactions" (EPC173-14) and the
 * Spanish banks' list (AEB/CECA/UNACC guide for Cuaderno 19.14 XML, annex "códigos de rechazo / devolución").
 */
export type ReasonWords = { readonly en: string; readonly es: string };

/** A reason code's form (ExternalStatusReason1Code and its kin: four letters or digits, either case), from a file or typed in. */
export const REASON_CODE = /^[A-Za-z0-9]{4}$/;

const REASONS: Readonly<Record<string, ReasonWords>> = {
  AC01: { en: "Account number incorrect", es: "Número de cuenta incorrecto" },
  AC04: { en: "Account closed", es: "Cuenta cancelada" },
  AC06: { en: "Account blocked for direct debits", es: "Cuenta bloqueada para adeudos directos" },
  AC13: { en: "Debtor account is a consumer account", es: "La cuenta del deudor es de un consumidor" },
  AG01: { en: "Direct debits not allowed on this account", es: "La cuenta no admite adeudos directos" },
  AG02: { en: "Invalid operation code", es: "Código de operación no válido" },
  AM04: { en: "Insufficient funds", es: "Saldo insuficiente" },
  AM05: { en: "Duplicate collection", es: "Cobro duplicado" },
  BE05: { en: "Creditor identifier not recognised", es: "Identificador del acreedor no reconocido" },
  CNOR: { en: "Creditor's bank not reachable for direct debits", es: "El banco del acreedor no opera adeudos SEPA" },
  DNOR: { en: "Debtor's bank not reachable for direct debits", es: "El banco del deudor no opera adeudos SEPA" },
  FF01: { en: "Invalid file format", es: "Formato de fichero no válido" },
  FF05: { en: "Invalid direct debit type", es: "Tipo de adeudo incorrecto" },
  MD01: { en: "No valid mandate", es: "No existe un mandato válido" },
  MD02: { en: "Mandate data missing or incorrect", es: "Faltan datos del mandato o son incorrectos" },
  MD06: { en: "Refund requested by the member", es: "Devolución solicitada por el socio" },
  MD07: { en: "Debtor deceased", es: "Titular fallecido" },
  MS02: { en: "Refused by the member", es: "Rechazado por el socio" },
  MS03: { en: "Refused by the bank, reason not given", es: "Rechazado por el banco sin indicar motivo" },
  RC01: { en: "Bank identifier (BIC) incorrect", es: "Código BIC incorrecto" },
  RR01: { en: "Debtor account or identification missing", es: "Falta la cuenta o la identificación del deudor" },
  RR02: { en: "Debtor name or address missing", es: "Falta el nombre o la dirección del deudor" },
  RR03: { en: "Creditor name or address missing", es: "Falta el nombre o la dirección del acreedor" },
  RR04: { en: "Regulatory reason", es: "Motivo normativo" },
  SL01: {
    en: "Refused by a service of the member's bank (e.g. creditor blocked)",
    es: "Rechazado por un servicio del banco del socio (p. ej., acreedor bloqueado)",
  },
};

/** Every code with words of its own, for a person to choose from (a return entered by hand). */
export const REASON_CODES: readonly string[] = Object.keys(REASONS);

/** The words for a reason code; a code outside the list is named as it is, so nothing a bank sends is lost. */
export function reasonWords(code: string): ReasonWords {
  return REASONS[code] ?? { en: `Bank reason ${code}`, es: `Motivo bancario ${code}` };
}
