/** What a bank file says: who collects, when, and each debit. Amounts are integer cents; dates are ISO calendar dates. */
export type SequenceType = "FRST" | "RCUR";

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
};

export type SepaRemittance = {
  messageId: string;
  createdAt: Date;
  /** YYYY-MM-DD: when the debtors' banks charge them (ReqdColltnDt). */
  collectionDate: string;
  creditor: SepaCreditor;
  debits: readonly SepaDebit[];
};
