import { invoiceResponse } from "@/app/api/responses";
import { BillingErrors } from "@/lib/billing/errors";
import { correctVerifactuRecord } from "@/lib/billing/verifactu/corrections";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    access: "billing:write",
    params: idParams,
    successStatus: 201,
    location: "/api/invoices/{id}",
    summary: "Send an invoice's VERI*FACTU record again, corrected",
    description:
      "For a record the AEAT rejected or accepted with errors, once what it objected to is put right outside the invoice (the club's registration with the AEAT, its certificate, a defect of an earlier ClubOps version): a new registro de alta of the same invoice as it was issued, marked as a correction (`Subsanacion` S) with `RechazoPrevio` X when the AEAT holds no record of the invoice, S when it holds one and rejected the last correction, N when the last record was accepted with errors; chained at the end of the club's chain and sent by the submission job. The invoice's `verifactu` then describes the new record (`status` `pending`, `corrections` one more). An error in the invoice itself is corrected with a rectifying invoice or a substitution instead. Audited as `billing.verifactu_record_corrected`.",
    response: { schema: invoiceResponse },
    errors: [BillingErrors.invoiceNotFound, BillingErrors.verifactuRecordNotCorrectable],
  },
  async ({ params, services }) => correctVerifactuRecord(services, params.id),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
