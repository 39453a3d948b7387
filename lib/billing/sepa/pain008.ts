import { XMLBuilder } from "fast-xml-parser";
import { fromCents } from "@/lib/platform/money";
import { needsDebtorAddress, normaliseBic, normaliseCreditorIdentifier, normaliseIban } from "./identifiers";
import type { SepaDebit, SepaRemittance, SequenceType } from "./remittance";
import { sepaText } from "./transliterate";

/**
 * The bank file of a remittance: ISO 20022 pain.008.001.02 as Spanish banks take it (AEB/CECA/UNACC "Cuaderno 19.14,
 * formato XML"; docs/billing.md, SEPA direct debit). Pure: the same remittance gives the same bytes.
 */
const PAIN_008_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.008.001.02";

/** Field lengths of the schema (Max35Text, Max70Text per the EPC guidelines for names, Max140Text). */
const ID_LENGTH = 35;
const NAME_LENGTH = 70;
const ADDRESS_LINE_LENGTH = 70;
const REMITTANCE_INFORMATION_LENGTH = 140;
/** The largest amount the SEPA Core scheme carries (EPC implementation guidelines, AT-06). */
const MAX_AMOUNT_CENTS = 99_999_999_999n;

// `@name` is an attribute, `#` an element's text; the builder escapes text and attribute values.
const xml = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#",
  format: true,
  indentBy: "  ",
});

type PaymentBlock = { sequence: SequenceType; debits: SepaDebit[] };

/**
 * The rulebook wants one payment information block per sequence type and collection date: a remittance has one
 * collection date, so its blocks are FRST (first collections of new mandates) then RCUR.
 */
function blocksOf(debits: readonly SepaDebit[]): PaymentBlock[] {
  return (["FRST", "RCUR"] as const)
    .map((sequence) => ({ sequence, debits: debits.filter((debit) => debit.sequence === sequence) }))
    .filter((block) => block.debits.length > 0);
}

function controlSum(debits: readonly SepaDebit[]): string {
  return fromCents(debits.reduce((sum, debit) => sum + debit.amountCents, 0n));
}

/** A bank by its BIC, or "NOTPROVIDED": since 2016 an IBAN alone identifies the account (IBAN-only, EPC). */
function agent(bic: string | null | undefined) {
  return { FinInstnId: bic ? { BIC: normaliseBic(bic) } : { Othr: { Id: "NOTPROVIDED" } } };
}

function identifier(text: string): string {
  return sepaText(text, ID_LENGTH);
}

/**
 * The debtor's postal address, only where the scheme requires it (an account outside the EEA: needsDebtorAddress), as
 * the country and two unstructured lines of at most 70 characters (EPC SDD Core Implementation Guidelines, AT-09).
 */
function debtorAddress(debit: SepaDebit) {
  const address = debit.debtorAddress;
  if (!address || !needsDebtorAddress(debit.debtorIban)) return {};
  return {
    PstlAdr: {
      Ctry: address.country,
      AdrLine: [address.line, `${address.postalCode} ${address.city}`].map((line) =>
        sepaText(line, ADDRESS_LINE_LENGTH),
      ),
    },
  };
}

function transaction(debit: SepaDebit) {
  return {
    PmtId: { EndToEndId: identifier(debit.endToEndId) },
    InstdAmt: { "@Ccy": "EUR", "#": fromCents(debit.amountCents) },
    DrctDbtTx: { MndtRltdInf: { MndtId: identifier(debit.mandateReference), DtOfSgntr: debit.mandateSignedOn } },
    DbtrAgt: agent(debit.debtorBic),
    Dbtr: { Nm: sepaText(debit.debtorName, NAME_LENGTH), ...debtorAddress(debit) },
    DbtrAcct: { Id: { IBAN: normaliseIban(debit.debtorIban) } },
    RmtInf: { Ustrd: sepaText(debit.remittanceInformation, REMITTANCE_INFORMATION_LENGTH) },
  };
}

function paymentInformation(remittance: SepaRemittance, block: PaymentBlock) {
  const { creditor } = remittance;
  const suffix = `-${block.sequence}-${remittance.collectionDate.replaceAll("-", "")}`;
  return {
    PmtInfId: `${identifier(remittance.messageId).slice(0, ID_LENGTH - suffix.length)}${suffix}`,
    PmtMtd: "DD",
    NbOfTxs: String(block.debits.length),
    CtrlSum: controlSum(block.debits),
    PmtTpInf: { SvcLvl: { Cd: "SEPA" }, LclInstrm: { Cd: "CORE" }, SeqTp: block.sequence },
    ReqdColltnDt: remittance.collectionDate,
    Cdtr: { Nm: sepaText(creditor.name, NAME_LENGTH) },
    CdtrAcct: { Id: { IBAN: normaliseIban(creditor.iban) } },
    CdtrAgt: agent(creditor.bic),
    ChrgBr: "SLEV",
    CdtrSchmeId: {
      Id: {
        PrvtId: {
          Othr: { Id: normaliseCreditorIdentifier(creditor.identifier), SchmeNm: { Prtry: "SEPA" } },
        },
      },
    },
    DrctDbtTxInf: block.debits.map(transaction),
  };
}

/** "2026-11-27T09:30:00Z": ISODateTime to the second. */
function creationTime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

/**
 * Builds the pain.008.001.02 document. Preconditions the remittance service guarantees (a programming error
 * otherwise): at least one debit, every amount above zero and within the scheme's maximum, IBANs and BICs validated.
 */
export function buildDirectDebitFile(remittance: SepaRemittance): string {
  if (remittance.debits.length === 0) throw new RangeError("a remittance needs at least one debit");
  for (const debit of remittance.debits) {
    if (debit.amountCents <= 0n || debit.amountCents > MAX_AMOUNT_CENTS) {
      throw new RangeError(`debit ${debit.endToEndId}: amount out of the scheme's range`);
    }
  }
  const { creditor } = remittance;
  const document = {
    GrpHdr: {
      MsgId: identifier(remittance.messageId),
      CreDtTm: creationTime(remittance.createdAt),
      NbOfTxs: String(remittance.debits.length),
      CtrlSum: controlSum(remittance.debits),
      // Cuaderno 19.14: the initiating party is the presenter, identified by its creditor identifier.
      InitgPty: {
        Nm: sepaText(creditor.name, NAME_LENGTH),
        Id: { OrgId: { Othr: { Id: normaliseCreditorIdentifier(creditor.identifier) } } },
      },
    },
    PmtInf: blocksOf(remittance.debits).map((block) => paymentInformation(remittance, block)),
  };
  return xml.build({
    "?xml": { "@version": "1.0", "@encoding": "UTF-8" },
    Document: { "@xmlns": PAIN_008_NAMESPACE, CstmrDrctDbtInitn: document },
  });
}
