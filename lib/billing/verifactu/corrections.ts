import { asc, eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { Transaction } from "@/lib/platform/db";
import { executeRows } from "@/lib/platform/db/rows";
import { invoiceLines } from "@/lib/platform/db/schema";
import { rollbackOnFailureAnswering } from "@/lib/platform/db/transaction";
import { fail, ok, type Result } from "@/lib/platform/result";
import { type Acting, actorIdOf, type ServiceContext } from "@/lib/services/context";
import { boundLockWaits, chainedContentOf, lockChainHead } from "../chain";
import { BillingErrors } from "../errors";
import { invoiceNumber } from "../numbering";
import { lockInvoice } from "../rectification";
import { findInvoice, type InvoiceDetail } from "../repository";
import { recordIssuedInvoices } from "./records";

type SubmissionStatus = "pending" | "accepted" | "accepted_with_errors" | "rejected";

/**
 * What a corrected record says of the AEAT's earlier answers (RechazoPrevio, SuministroInformacion.xsd's
 * RechazoPrevioType): X when no record of the invoice was ever accepted (the AEAT holds none: "el registro de
 * facturación no existe en la AEAT"), S when one was and the last correction was rejected ("ha habido rechazo previo"),
 * N when the last record was accepted with errors. Null when the last record is not one to correct: still pending
 * (its answer may yet come), or accepted.
 */
export function rechazoPrevioOf(statuses: readonly SubmissionStatus[]): "N" | "S" | "X" | null {
  const last = statuses.at(-1);
  if (last !== "rejected" && last !== "accepted_with_errors") return null;
  if (!statuses.some((status) => status === "accepted" || status === "accepted_with_errors")) return "X";
  return last === "rejected" ? "S" : "N";
}

/** The sending status of each of the invoice's records, oldest first. */
async function recordStatuses(tx: Transaction, invoiceId: string): Promise<SubmissionStatus[]> {
  const rows = await executeRows<{ status: SubmissionStatus }>(
    tx,
    sql`select s.status from verifactu_records r join verifactu_submissions s using (chain_position)
      where r.invoice_id = ${invoiceId} order by r.chain_position`,
  );
  return rows.map((row) => row.status);
}

/**
 * Sends an invoice's VERI*FACTU record again, corrected (docs/billing.md, Correcting a record the AEAT refused): a
 * new registro de alta of the same invoice, as it was issued, generated now by this version of ClubOps, marked
 * Subsanacion S with its RechazoPrevio, chained at the end of the club's chain and sent by the submission job like any
 * other. For a record the AEAT rejected or accepted with errors once what it objected to is put right outside the
 * invoice (the club's registration with the AEAT, its certificate, a defect of an earlier version); an error in the
 * invoice itself is corrected with a rectifying invoice or a substitution. The invoice's row lock, then the chain
 * head's, order two requests: the second sees the first's record pending and is refused.
 */
export async function correctVerifactuRecord(
  ctx: Pick<ServiceContext, "db" | "club" | "now"> & Acting,
  invoiceId: string,
): Promise<Result<InvoiceDetail>> {
  const corrected = await rollbackOnFailureAnswering(
    ctx.db,
    async (tx) => {
      const invoice = await lockInvoice(tx, invoiceId);
      if (!invoice) return fail<string>(BillingErrors.invoiceNotFound);
      await boundLockWaits(tx);
      await lockChainHead(tx);
      const statuses = await recordStatuses(tx, invoiceId);
      const rechazoPrevio = rechazoPrevioOf(statuses);
      if (!rechazoPrevio) return fail<string>(BillingErrors.verifactuRecordNotCorrectable);
      const lines = await tx
        .select()
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, invoiceId))
        .orderBy(asc(invoiceLines.position));
      const content = chainedContentOf(invoice, lines);
      await recordIssuedInvoices(tx, { issuedAt: ctx.now(), timeZone: ctx.club.timeZone }, [
        { id: invoiceId, content, correction: rechazoPrevio },
      ]);
      await recordAudit(tx, {
        action: "billing.verifactu_record_corrected",
        severity: "Warning",
        actorId: actorIdOf(ctx),
        entity: "invoice",
        entityId: invoiceId,
        data: {
          number: invoiceNumber(invoice.series, invoice.year, invoice.number),
          memberId: invoice.memberId,
          rechazoPrevio,
          previousStatus: statuses.at(-1),
        },
      });
      return ok(invoiceId);
    },
    async (tx) => (await findInvoice(tx, invoiceId)) as InvoiceDetail,
  );
  return corrected;
}
