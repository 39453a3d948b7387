/** What a bank file says: who collects, when, and each debit. Amounts are integer cents; dates are ISO calendar dates. */
export type SequenceType = "FRST" | "RCUR";

/** The ISO 20022 versions of the customer-to-bank direct debit file ClubOps writes (docs/billing.md, Which version). */
export const PAIN_008_VERSIONS = ["pain.008.001.02", "pain.008.001.08"] as const;
export type Pain008Version = (typeof PAIN_008_VERSIONS)[number];

/** The account the bank last collected the mandate from, before staff amended it (AmdmntInfDtls). */
export type MandateAmendment = { originalIban: string; originalBic?: string | null };

type SepaCreditor = {
  name: string;
  /** The SEPA creditor identifier (AT-02), e.g. "ES97000B12345678". */
  identifier: string;
  iban: string;
  bic?: string | null;
};

export type SepaDebit = {
  /** Our invoice number: it comes back in every status report and return (pain.002, camt.054). */
  endToEndId: string;
  amountCents: bigint;
  mandateReference: string;
  /** YYYY-MM-DD. */
  mandateSignedOn: string;
  sequence: SequenceType;
  debtorName: string;
  debtorIban: string;
  debtorBic?: string | null;
  /** The debtor's address; written when the account is in a SEPA country outside the EEA, which requires it. */
  debtorAddress?: { line: string; postalCode: string; city: string; country: string } | null;
  remittanceInformation: string;
  /** Set on the debits that carry a mandate amendment to the debtor's bank: the first collection after it. */
  amendment?: MandateAmendment | null;
};

export type SepaRemittance = {
  /** The schema the file is written in; pain.008.001.02 when absent. */
  version?: Pain008Version;
  /** BtchBookg of each payment block: true, one booking for the block on the creditor's statement; false, one per debit. */
  batchBooking?: boolean;
  messageId: string;
  createdAt: Date;
  /** YYYY-MM-DD: when the debtors' banks charge them (ReqdColltnDt). */
  collectionDate: string;
  creditor: SepaCreditor;
  debits: readonly SepaDebit[];
};
