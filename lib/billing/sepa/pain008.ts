import { XMLBuilder } from "fast-xml-parser";
import { fromCents } from "@/lib/platform/money";
import {
  needsDebtorAddress,
  normaliseBic,
  normaliseCreditorIdentifier,
  normaliseIban,
  sameDebtorBank,
} from "./identifiers";
import type { MandateAmendment, Pain008Version, SepaDebit, SepaRemittance, SequenceType } from "./remittance";
import { sepaText } from "./transliterate";

/**
 * The bank file of a remittance: ISO 20022 pain.008.001.02 as Spanish banks take it (AEB/CECA/UNACC "Cuaderno 19.14,
 * formato XML"), or pain.008.001.08, the version of the EPC's customer-to-bank guidelines since the 2023 rulebooks
 * (docs/billing.md, SEPA direct debit). Pure: the same remittance gives the same bytes.
 *
 * What differs between the two, for what ClubOps writes (both schemas in ./xsd): the namespace, and a bank's BIC is
 * `BIC` in .02 (FinancialInstitutionIdentification7) and `BICFI` in .08 (FinancialInstitutionIdentification18). The
 * rest is written alike: `ReqdColltnDt` is an ISODate in both (it is pain.001.001.08+ that wraps the execution date in a
 * choice), and `PstlAdr` keeps the country and unstructured `AdrLine`s, which PostalAddress24 of .08 still accepts
 * beside its structured fields.
 */
const NAMESPACES: Record<Pain008Version, string> = {
  "pain.008.001.02": "urn:iso:std:iso:20022:tech:xsd:pain.008.001.02",
  "pain.008.001.08": "urn:iso:std:iso:20022:tech:xsd:pain.008.001.08",
};
const BIC_ELEMENT: Record<Pain008Version, "BIC" | "BICFI"> = { "pain.008.001.02": "BIC", "pain.008.001.08": "BICFI" };

/**
 * The code that stands for the original account when the debtor moved to another bank: "Same Mandate with a New Debtor
 * Account" since the EPC's SDD Core C2B implementation guidelines version 9.0 (in force 20 November 2016, section
 * 1.5.4; before, "Same Mandate New Debtor Agent" in OrgnlDbtrAgt, with FRST): with IBAN-only the creditor cannot always
 * tell whether the bank changed, so the code now goes in the original debtor account.
 */
const SAME_MANDATE_NEW_DEBTOR_ACCOUNT = "SMNDA";

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
function agent(version: Pain008Version, bic: string | null | undefined) {
  return {
    FinInstnId: bic ? { [BIC_ELEMENT[version]]: normaliseBic(bic) } : { Othr: { Id: "NOTPROVIDED" } },
  };
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

/**
 * The mandate's amendment on the first collection after it (EPC SDD Core C2B implementation guidelines, AT-24, "reason
 * for amendment of the mandate"): AmdmntInd true, and the original account. Within the same bank the original IBAN;
 * at another bank (or when it cannot be told) the code SMNDA in its place. The sequence type stays what it was: since
 * the SDD Core rulebook 9.0 (2016) FRST is optional, so an amended mandate is no longer collected as a first one.
 */
function amendment(debit: SepaDebit, change: MandateAmendment) {
  const sameBank = sameDebtorBank(
    { iban: change.originalIban, bic: change.originalBic },
    { iban: debit.debtorIban, bic: debit.debtorBic },
  );
  return {
    AmdmntInd: "true",
    AmdmntInfDtls: {
      OrgnlDbtrAcct: {
        Id: sameBank ? { IBAN: normaliseIban(change.originalIban) } : { Othr: { Id: SAME_MANDATE_NEW_DEBTOR_ACCOUNT } },
      },
    },
  };
}

function transaction(version: Pain008Version, debit: SepaDebit) {
  return {
    PmtId: { EndToEndId: identifier(debit.endToEndId) },
    InstdAmt: { "@Ccy": "EUR", "#": fromCents(debit.amountCents) },
    DrctDbtTx: {
      MndtRltdInf: {
        MndtId: identifier(debit.mandateReference),
        DtOfSgntr: debit.mandateSignedOn,
        ...(debit.amendment && amendment(debit, debit.amendment)),
      },
    },
    DbtrAgt: agent(version, debit.debtorBic),
    Dbtr: { Nm: sepaText(debit.debtorName, NAME_LENGTH), ...debtorAddress(debit) },
    DbtrAcct: { Id: { IBAN: normaliseIban(debit.debtorIban) } },
    RmtInf: { Ustrd: sepaText(debit.remittanceInformation, REMITTANCE_INFORMATION_LENGTH) },
  };
}

function paymentInformation(remittance: SepaRemittance, version: Pain008Version, block: PaymentBlock) {
  const { creditor } = remittance;
  const suffix = `-${block.sequence}-${remittance.collectionDate.replaceAll("-", "")}`;
  return {
    PmtInfId: `${identifier(remittance.messageId).slice(0, ID_LENGTH - suffix.length)}${suffix}`,
    PmtMtd: "DD",
    // Written either way, so the file says what the club chose rather than leaving it to the bank's default (true).
    BtchBookg: String(remittance.batchBooking ?? true),
    NbOfTxs: String(block.debits.length),
    CtrlSum: controlSum(block.debits),
    PmtTpInf: { SvcLvl: { Cd: "SEPA" }, LclInstrm: { Cd: "CORE" }, SeqTp: block.sequence },
    ReqdColltnDt: remittance.collectionDate,
    Cdtr: { Nm: sepaText(creditor.name, NAME_LENGTH) },
    CdtrAcct: { Id: { IBAN: normaliseIban(creditor.iban) } },
    CdtrAgt: agent(version, creditor.bic),
    ChrgBr: "SLEV",
    CdtrSchmeId: {
      Id: {
        PrvtId: {
          Othr: { Id: normaliseCreditorIdentifier(creditor.identifier), SchmeNm: { Prtry: "SEPA" } },
        },
      },
    },
    DrctDbtTxInf: block.debits.map((debit) => transaction(version, debit)),
  };
}

/** "2026-11-27T09:30:00Z": ISODateTime to the second. */
function creationTime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

/**
 * Builds the pain.008 document in the remittance's version (.02 when it names none). Preconditions the remittance service guarantees (a programming error
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
  const version = remittance.version ?? "pain.008.001.02";
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
    PmtInf: blocksOf(remittance.debits).map((block) => paymentInformation(remittance, version, block)),
  };
  return xml.build({
    "?xml": { "@version": "1.0", "@encoding": "UTF-8" },
    Document: { "@xmlns": NAMESPACES[version], CstmrDrctDbtInitn: document },
  });
}
