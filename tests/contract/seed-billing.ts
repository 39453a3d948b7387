import { nextTarget2BusinessDay } from "@/lib/billing/sepa/target2";
import { daysAgo } from "./seed";

/**
 * The billing part of the contract club: the club's tax data and SEPA details set before any member is enrolled (so
 * every enrolment issues an invoice), then for each billing operation a record of its own — an invoice to pay,
 * another to refund, to rectify, to write off; mandates to read and revoke; remittances to read, delete, send and
 * receive returns on — so the suite's order does not matter.
 */

type Json = Record<string, unknown>;
type Send = (method: string, path: string, options?: { token?: string; body?: unknown }) => Promise<Json>;
type Enrol = () => Promise<{ memberId: string; subscriptionId: string }>;

const CLUB_TAX_DATA = {
  legalName: "Contract Club S.L.",
  taxId: "B58378431",
  address: { line: "Calle Mayor 1", postalCode: "28013", city: "Madrid", province: "Madrid" },
};
const SEPA = { creditorIdentifier: "ES97000B12345678", collectionIban: "ES9121000418450200051332" };
const MEMBER_IBAN = "ES9121000418450200051332";

/** A collection date banks take (a TARGET2 business day) at least three days ahead: past the seed's one-day notice. */
const collectionDate = () => nextTarget2BusinessDay(daysAgo(-3));
/** Debits are announced a day ahead (directDebit.preNotificationDays), so the seed's remittances can collect them. */
const SHORT_NOTICE = { collectionDay: null, representAfterDays: 0, preNotificationDays: 1 };

/** Billing starts: the club's tax data, creditor identifier and collection account on its settings. */
export async function startBilling(send: Send, token: string): Promise<void> {
  const { clubName, description, language, timeZone, currency } = await send("GET", "/api/settings", { token });
  await send("PUT", "/api/settings", {
    token,
    body: {
      clubName,
      description,
      language,
      timeZone,
      currency,
      taxData: CLUB_TAX_DATA,
      ...SEPA,
      directDebit: SHORT_NOTICE,
    },
  });
}

export async function seedBilling(send: Send, token: string, enrol: Enrol): Promise<Record<string, string>> {
  /** A newly enrolled member and the invoice their enrolment issued. */
  const invoiced = async () => {
    const { memberId } = await enrol();
    const page = await send("GET", `/api/members/${memberId}/invoices`, { token });
    const [invoice] = page.items as Json[];
    if (!invoice) throw new Error("seed: an enrolment issued no invoice (is billing started?)");
    return { memberId, invoiceId: String(invoice.id), number: String(invoice.number) };
  };
  const mandateFor = (memberId: string) =>
    send("POST", `/api/members/${memberId}/mandates`, {
      token,
      body: { iban: MEMBER_IBAN, signedOn: daysAgo(30) },
    });
  const remittanceOf = (invoiceId: string) =>
    send("POST", "/api/remittances", { token, body: { collectionDate: collectionDate(), invoiceIds: [invoiceId] } });

  const paid = await invoiced();
  const refunded = await invoiced();
  const receipted = await send("POST", `/api/invoices/${refunded.invoiceId}/payments`, {
    token,
    body: { amount: "5.00", method: "cash" },
  });
  const rectified = await invoiced();
  // A term's invoice credited in full, for the reissue operation.
  const reissued = await invoiced();
  await send("POST", `/api/invoices/${reissued.invoiceId}/rectifications`, { token, body: { reason: "Sin NIF" } });
  const writtenOff = await invoiced();
  // A simplified invoice paid in full whose member then gives their NIF, for the substitute operation.
  const substituted = await invoiced();
  const { totalAmount } = await send("GET", `/api/invoices/${substituted.invoiceId}`, { token });
  await send("POST", `/api/invoices/${substituted.invoiceId}/payments`, {
    token,
    body: { amount: totalAmount, method: "cash" },
  });
  const { firstName, lastName, email } = await send("GET", `/api/members/${substituted.memberId}`, { token });
  await send("PUT", `/api/members/${substituted.memberId}`, {
    token,
    body: { firstName, lastName, email, taxId: "12345678Z" },
  });

  const withMandate = await invoiced();
  const mandate = await mandateFor(withMandate.memberId);
  const revoked = await invoiced();
  const revokedMandate = await mandateFor(revoked.memberId);
  // Its member changes bank: the amend operation's mandate.
  const amended = await invoiced();
  const amendedMandate = await mandateFor(amended.memberId);
  const unmandated = await invoiced();

  // One remittance each to read (and download), delete and send; one sent, to import a return on; and one member
  // left for the build operation, whose default takes every collectible invoice not in another remittance. Their
  // debits are announced first (notify-debits): a remittance collects only notified debits.
  const [read, deleted, sendable, returned, collectible] = [
    await invoiced(),
    await invoiced(),
    await invoiced(),
    await invoiced(),
    await invoiced(),
  ];
  for (const { memberId } of [read, deleted, sendable, returned, collectible]) await mandateFor(memberId);
  await send("POST", "/api/jobs/notify-debits/run", { token, body: {} });
  const draft = await remittanceOf(read.invoiceId);
  const deletedDraft = await remittanceOf(deleted.invoiceId);
  const sendableDraft = await remittanceOf(sendable.invoiceId);
  const sent = await remittanceOf(returned.invoiceId);
  await send("POST", `/api/remittances/${sent.id}/send`, { token });

  return {
    invoiceId: paid.invoiceId,
    invoiceMemberId: paid.memberId,
    refundInvoiceId: refunded.invoiceId,
    receiptPaymentId: String((receipted.payment as Json).id),
    reissueInvoiceId: reissued.invoiceId,
    substituteInvoiceId: substituted.invoiceId,
    rectifyInvoiceId: rectified.invoiceId,
    writeOffInvoiceId: writtenOff.invoiceId,
    mandateMemberId: withMandate.memberId,
    mandateId: String(mandate.id),
    revokeMemberId: revoked.memberId,
    revokeMandateId: String(revokedMandate.id),
    amendMemberId: amended.memberId,
    amendMandateId: String(amendedMandate.id),
    unmandatedMemberId: unmandated.memberId,
    remittanceId: String(draft.id),
    deletedRemittanceId: String(deletedDraft.id),
    sendRemittanceId: String(sendableDraft.id),
    sentRemittanceId: String(sent.id),
    returnedInvoiceNumber: returned.number,
    collectionDate: collectionDate(),
  };
}
