import { setImmediate } from "node:timers/promises";
import { sql } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import { localTimestamp } from "@/lib/platform/calendar";
import type { Executor } from "@/lib/platform/db";
import { executeRows } from "@/lib/platform/db/rows";
import packageJson from "@/package.json";
import type { ChainedContent } from "../chain";
import { invoiceNumber } from "../numbering";
import type { Issuer } from "../parties";
import { taxBreakdown } from "../tax";
import { aeatDate } from "./format";
import { invoiceQrUrl } from "./qr";
import {
  type InvoicingSystem,
  invoiceTypeOf,
  type RecordedInvoice,
  registroAlta,
  type VerifactuInvoiceType,
} from "./record";

/**
 * An invoice to record: its id and what it says, as issuing hands it over; on a corrected record of an invoice
 * recorded before (lib/billing/verifactu/corrections.ts), its RechazoPrevio.
 */
export type InvoiceToRecord = { id: string; content: ChainedContent; correction?: "N" | "S" | "X" };

type ChainEnd = RecordedInvoice & { huella: string };

/** The system every record names: ClubOps at this version, this installation, and who produced it for the club. */
async function invoicingSystem(executor: Executor, issuer: Issuer): Promise<InvoicingSystem> {
  const [settings] = await executeRows<{ installation_id: string }>(
    executor,
    sql`select installation_id from platform_settings`,
  );
  if (!settings) throw new Error("issuing without platform settings");
  const config = getConfig();
  return {
    producer:
      config.VERIFACTU_PRODUCER_NAME && config.VERIFACTU_PRODUCER_TAX_ID
        ? { name: config.VERIFACTU_PRODUCER_NAME, taxId: config.VERIFACTU_PRODUCER_TAX_ID }
        : { name: issuer.legalName, taxId: issuer.taxId },
    name: "ClubOps",
    id: "CO",
    version: packageJson.version,
    installation: settings.installation_id,
  };
}

/** The last record of each issuer's chain, and the last position of all (tax ids are compact NIFs: letters and digits). */
async function chainEnds(executor: Executor, issuerTaxIds: readonly string[]) {
  const rows = await executeRows<{
    issuer_tax_id: string;
    number: string;
    issue_date: string;
    huella: string;
    last_position: string | number;
  }>(
    executor,
    sql`select last.issuer_tax_id, last.number, last.issue_date, last.huella, top.position as last_position
      from (select coalesce(max(chain_position), 0) as position from verifactu_records) top
      left join lateral (
        select distinct on (issuer_tax_id) issuer_tax_id, number, issue_date, huella from verifactu_records
        where issuer_tax_id = any(${`{${issuerTaxIds.join(",")}}`}::text[])
        order by issuer_tax_id, chain_position desc
      ) last on true`,
  );
  const ends = new Map<string, ChainEnd>();
  for (const row of rows) {
    if (!row.issuer_tax_id) continue;
    const [day, month, year] = row.issue_date.split("-");
    ends.set(row.issuer_tax_id, {
      issuerTaxId: row.issuer_tax_id,
      number: row.number,
      issuedOn: `${year}-${month}-${day}`,
      huella: row.huella,
    });
  }
  return { ends, lastPosition: Number(rows[0]?.last_position ?? 0) };
}

/** The invoices that rectifying ones correct or substitutions replace: their identity and, with a record, its type. */
async function referencedInvoices(executor: Executor, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, RecordedInvoice & { type: VerifactuInvoiceType | null }>();
  const rows = await executeRows<{
    id: string;
    series: string;
    year: number;
    number: number;
    issued_on: string;
    tax_id: string;
    invoice_type: VerifactuInvoiceType | null;
  }>(
    executor,
    sql`select i.id, i.series, i.year, i.number, i.issued_on::text, i.issuer->>'taxId' as tax_id, v.invoice_type
      from invoices i left join verifactu_records v on v.invoice_id = i.id and v.correction is null
      where i.id = any(${`{${ids.join(",")}}`}::uuid[])`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        issuerTaxId: row.tax_id,
        number: invoiceNumber(row.series, row.year, row.number),
        issuedOn: row.issued_on,
        type: row.invoice_type,
      },
    ]),
  );
}

const cents = (text: string) => BigInt(text);

/** What a batch of records is built from: each issuer's chain so far, what they reference, when and by what system. */
type RecordingChain = {
  /** The last record of each issuer's chain, moved on as each record is built. */
  ends: Map<string, ChainEnd>;
  referenced: Awaited<ReturnType<typeof referencedInvoices>>;
  generatedAt: string;
  system: InvoicingSystem;
  /** Whether the records go to the AEAT (VERI*FACTU mode), which the invoice then says. */
  sending: boolean;
  environment: ReturnType<typeof getConfig>["VERIFACTU_ENVIRONMENT"];
};

/** One record's row: its registro de alta chained to its issuer's last record, at `position` in the whole chain. */
function recordRow(chain: RecordingChain, { id, content, correction }: InvoiceToRecord, position: number) {
  const { ends, referenced, generatedAt, system } = chain;
  const invoiceIssuer = content.issuer as Issuer;
  const customer = content.customer as { name: string; taxId: string | null };
  const original = content.rectifiesInvoiceId ? referenced.get(content.rectifiesInvoiceId) : undefined;
  const substituted = content.substitutesInvoiceId ? referenced.get(content.substitutesInvoiceId) : undefined;
  const type = invoiceTypeOf(content.kind, customer.taxId, original?.type ?? null);
  const invoice = {
    issuerTaxId: invoiceIssuer.taxId,
    number: invoiceNumber(content.series, content.year, content.number),
    issuedOn: content.issuedOn,
  };
  const record = registroAlta({
    invoice,
    issuerName: invoiceIssuer.legalName,
    type,
    rectified: original ?? null,
    substituted: substituted ?? null,
    description: content.lines.map((line) => line.description).join("; "),
    recipient:
      customer.taxId && (type === "F1" || type === "F3" || type === "R1")
        ? { name: customer.name, taxId: customer.taxId }
        : null,
    breakdown: taxBreakdown(
      content.lines.map((line) => ({
        baseCents: cents(line.baseCents),
        taxCents: cents(line.taxCents),
        totalCents: cents(line.totalCents),
        taxRateBasisPoints: line.taxRateBasisPoints,
        exemptReason: line.exemptReason,
        notSubjectReason: line.notSubjectReason ?? null,
      })),
    ),
    taxCents: cents(content.taxCents),
    totalCents: cents(content.totalCents),
    generatedAt,
    previous: ends.get(invoice.issuerTaxId) ?? null,
    system,
    correction: correction ?? null,
  });
  ends.set(invoice.issuerTaxId, { ...invoice, huella: record.huella });
  return {
    chain_position: position,
    invoice_id: id,
    issuer_tax_id: invoice.issuerTaxId,
    number: invoice.number,
    issue_date: aeatDate(invoice.issuedOn),
    invoice_type: type,
    tax_total: record.fields.CuotaTotal,
    total: record.fields.ImporteTotal,
    generated_at: generatedAt,
    previous_huella: record.fields.Huella || null,
    huella: record.huella,
    xml: record.xml,
    qr_url: invoiceQrUrl(chain.environment, invoice, cents(content.totalCents)),
    verifactu: chain.sending,
    correction: correction ?? null,
  };
}

/** How many records are built between two turns of the event loop (see recordIssuedInvoices). */
const RECORDS_PER_SLICE = 500;

/**
 * The registros de facturación de alta of invoices being issued, in the issuing transaction after the chain head is
 * locked (lib/billing/issue.ts), or of an invoice whose record is being corrected: each chained to the one before it
 * in its issuer's chain, in order, and inserted with a pending submission.
 *
 * `meanwhile` is a statement of the same transaction that does not touch the records (issuing's insert of the invoices
 * themselves): it is sent once what the records chain to has been read, and the database runs it while the records'
 * hashes and XML are built here, in slices that give the socket a turn to send it; the records are inserted after it.
 * On two cores that overlap is ~0.6 s of every 10,000 renewals (docs/performance.md, Auto-renewal).
 */
export async function recordIssuedInvoices(
  executor: Executor,
  issue: { issuedAt: Date; timeZone: string },
  invoices: readonly InvoiceToRecord[],
  meanwhile: () => Promise<void> = async () => {},
): Promise<void> {
  const first = invoices[0];
  if (!first) return meanwhile();
  const issuer = first.content.issuer as Issuer;
  const system = await invoicingSystem(executor, issuer);
  const taxIds = [...new Set(invoices.map(({ content }) => (content.issuer as Issuer).taxId))];
  const { ends, lastPosition } = await chainEnds(executor, taxIds);
  const referenced = await referencedInvoices(
    executor,
    invoices
      .flatMap(({ content }) => [content.rectifiesInvoiceId, content.substitutesInvoiceId ?? null])
      .filter((id): id is string => id !== null),
  );
  const config = getConfig();
  const chain: RecordingChain = {
    ends,
    referenced,
    generatedAt: localTimestamp(issue.issuedAt, issue.timeZone),
    system,
    sending: Boolean(config.VERIFACTU_CERTIFICATE_FILE),
    environment: config.VERIFACTU_ENVIRONMENT,
  };
  const buildRows = async () => {
    const rows: ReturnType<typeof recordRow>[] = [];
    for (let start = 0; start < invoices.length; start += RECORDS_PER_SLICE) {
      await setImmediate();
      invoices.slice(start, start + RECORDS_PER_SLICE).forEach((invoice, offset) => {
        rows.push(recordRow(chain, invoice, lastPosition + start + offset + 1));
      });
    }
    return rows;
  };
  const [rows] = await Promise.all([buildRows(), meanwhile()]);
  // Each record with its submission, pending (lib/billing/verifactu/submission.ts sends it).
  await executor.execute(sql`with recorded as (
      insert into verifactu_records (chain_position, invoice_id, issuer_tax_id, number, issue_date, invoice_type,
        tax_total, total, generated_at, previous_huella, huella, xml, qr_url, verifactu, correction)
      select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(chain_position bigint, invoice_id uuid,
        issuer_tax_id text, number text, issue_date text, invoice_type text, tax_total text, total text,
        generated_at text, previous_huella text, huella text, xml text, qr_url text, verifactu boolean, correction text)
      returning chain_position
    )
    insert into verifactu_submissions (chain_position) select chain_position from recorded`);
}
