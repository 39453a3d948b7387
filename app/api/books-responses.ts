import { z } from "zod";
import type { AnnualCustomers } from "@/lib/billing/books/annual-customers";
import type { IssuedInvoicesBook } from "@/lib/billing/books/issued-invoices";
import { PAYMENT_METHODS, type PaymentsJournal } from "@/lib/billing/books/payments-journal";
import type { VatReturn } from "@/lib/billing/books/vat-return";
import { type JsonOf, nameSchemas, type SameShape } from "@/lib/platform/http/shapes";
import { AMOUNT_ANSWERED } from "@/lib/platform/money";

/* Response bodies of the accountant's books (lib/billing/books), checked against the services' types. */

const uuid = () => z.string().meta({ format: "uuid" });
const calendarDate = () => z.string().meta({ format: "date", examples: ["2027-01-31"] });
const money = (description: string) =>
  z
    .string()
    .regex(AMOUNT_ANSWERED)
    .meta({ description: `${description} Decimal string, two places.`, examples: ["49.90"] });
const invoiceNumber = () => z.string().meta({ examples: ["F2027-000001"] });
const percent = () => z.string().meta({ description: "Percent, two places.", examples: ["21.00"] });
const box = <const T extends string>(value: T) => z.literal(value).meta({ description: "Modelo 303 casilla." });

const issuedInvoiceRow = z.strictObject({
  invoiceId: uuid(),
  number: invoiceNumber(),
  issuedOn: calendarDate().meta({ description: "Fecha Expedición (club calendar)." }),
  period: z.string().meta({ description: "Periodo: the quarter of the issue date.", examples: ["1T"] }),
  type: z.enum(["F1", "F2", "F3", "R1", "R2", "R3", "R4", "R5"]).meta({ description: "Tipo de Factura." }),
  customerTaxId: z.string().nullable().meta({ description: "NIF Destinatario; null on a simplified invoice." }),
  customerName: z.string(),
  taxRate: percent().nullable().meta({ description: "Tipo de IVA; null on an exempt or a not-subject row." }),
  exemptReason: z.string().nullable().meta({ description: "The exemption's legal ground (Operación Exenta E1)." }),
  notSubjectReason: z.string().nullable().meta({
    description:
      "Why the row is outside IVA (Calificación N1): a return fee is an indemnity, Ley 37/1992 art. 78.Tres.1º.",
  }),
  base: money("Base Imponible of a taxed row (0.00 on an exempt or a not-subject one)."),
  tax: money("Cuota IVA Repercutida."),
  exemptBase: money("Base of an exempt row."),
  notSubjectAmount: money("Importe no sujeto of a not-subject row."),
  total: money("Total Factura of the row."),
  rectifiesNumber: invoiceNumber().nullable().meta({ description: "The invoice a rectifying invoice corrects." }),
  substitutesNumber: invoiceNumber().nullable().meta({
    description:
      "The simplified invoice an F3 replaces; the totals leave the F3's rows out (its IVA is that invoice's).",
  }),
});

const rateTotal = z.strictObject({
  taxRate: percent().nullable().meta({ description: "null: the exempt rows, or the not-subject ones." }),
  notSubject: z.boolean().meta({ description: "true: the not-subject rows (N1) together." }),
  base: money("Taxable base."),
  tax: money("IVA."),
  exemptBase: money("Exempt base."),
  notSubjectAmount: money("Not-subject amount."),
  total: money("Total."),
});

export const issuedInvoicesResponse = z.strictObject({
  from: calendarDate(),
  to: calendarDate(),
  currency: z.string().meta({ examples: ["EUR"] }),
  totals: z.strictObject({
    invoices: z.number().int(),
    byRate: z.array(rateTotal),
    base: money("Taxable base."),
    tax: money("IVA."),
    exemptBase: money("Exempt base."),
    notSubjectAmount: money("Not-subject amount."),
    total: money("Total."),
  }),
  rows: z
    .strictObject({
      items: z.array(issuedInvoiceRow),
      totalCount: z.number().int().meta({ description: "Rows of the whole period." }),
      pageNumber: z.number().int(),
      pageSize: z.number().int(),
      totalPages: z.number().int(),
    })
    .meta({ id: "IssuedInvoiceRowsPage", description: "One page of the period's rows, in issue order." }),
});
const issuedIsExact: SameShape<z.output<typeof issuedInvoicesResponse>, JsonOf<IssuedInvoicesBook>> = true;

export const vatReturnResponse = z.strictObject({
  year: z.number().int(),
  quarter: z.number().int(),
  from: calendarDate(),
  to: calendarDate(),
  currency: z.string(),
  generalRegime: z.array(
    z.strictObject({
      taxRate: percent(),
      baseBox: z.string().nullable().meta({ description: "Casilla of the base; null for a rate the form lacks." }),
      base: money("Base of the invoices issued at the rate."),
      taxBox: z.string().nullable(),
      tax: money("Quota."),
    }),
  ),
  modifications: z.strictObject({
    baseBox: box("14"),
    base: money("Bases of the rectifying invoices."),
    taxBox: box("15"),
    tax: money("Quotas of the rectifying invoices."),
  }),
  totalAccrued: z.strictObject({ box: box("27"), tax: money("Total cuota devengada.") }),
  exemptWithoutDeduction: z.strictObject({
    box: box("83"),
    base: money("Operaciones exentas sin derecho a deducción."),
  }),
  invoices: z.number().int(),
  rectifyingInvoices: z.number().int(),
});
const vatIsExact: SameShape<z.output<typeof vatReturnResponse>, JsonOf<VatReturn>> = true;

const quarters = {
  q1: money("January–March."),
  q2: money("April–June."),
  q3: money("July–September."),
  q4: money("October–December."),
};

export const annualCustomersResponse = z.strictObject({
  year: z.number().int(),
  currency: z.string(),
  threshold: money("Declared above this, IVA included."),
  customers: z.array(
    z.strictObject({ taxId: z.string(), name: z.string(), total: money("The year, IVA included."), ...quarters }),
  ),
  withoutTaxId: z.array(
    z
      .strictObject({ memberId: uuid(), name: z.string(), total: money("The year, IVA included.") })
      .meta({ description: "Over the threshold but invoiced without a NIF: cannot be declared until it is known." }),
  ),
});
const annualIsExact: SameShape<z.output<typeof annualCustomersResponse>, JsonOf<AnnualCustomers>> = true;

const method = () => z.enum(PAYMENT_METHODS);
const flows = {
  payments: money("Payments."),
  refunds: money("Refunds (positive)."),
  net: money("Payments less refunds."),
};

export const paymentsJournalResponse = z.strictObject({
  from: calendarDate(),
  to: calendarDate(),
  currency: z.string(),
  days: z.array(z.strictObject({ date: calendarDate(), method: method(), movements: z.number().int(), ...flows })),
  byMethod: z.array(z.strictObject({ method: method(), ...flows })),
  totals: z.strictObject(flows),
  movements: z.array(
    z.strictObject({
      id: uuid(),
      paidOn: calendarDate(),
      kind: z.enum(["payment", "refund"]),
      method: method(),
      amount: money("Positive."),
      invoiceId: uuid(),
      invoiceNumber: invoiceNumber(),
      customerName: z.string(),
      reference: z.string().nullable(),
    }),
  ),
});
const journalIsExact: SameShape<z.output<typeof paymentsJournalResponse>, JsonOf<PaymentsJournal>> = true;

void [issuedIsExact, vatIsExact, annualIsExact, journalIsExact];

nameSchemas([
  [issuedInvoicesResponse, "IssuedInvoicesBook"],
  [issuedInvoiceRow, "IssuedInvoiceRow"],
  [vatReturnResponse, "VatReturn"],
  [annualCustomersResponse, "AnnualCustomers"],
  [paymentsJournalResponse, "PaymentsJournal"],
]);
