import { returnImportResponse } from "@/app/api/collection-responses";
import { CollectionErrors } from "@/lib/billing/collections/errors";
import { returnImportSchema } from "@/lib/billing/collections/return-schemas";
import { importReturns } from "@/lib/billing/collections/returns";
import { SepaErrors } from "@/lib/billing/sepa/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const POST = route(
  {
    access: "billing:remittances",
    params: idParams,
    body: returnImportSchema,
    summary: "Import returned debits",
    description:
      "The bank's file (`file`: pain.002 or camt.054 as XML text) or one debit by hand (`invoiceNumber`, `reasonCode`). Each debit of this remittance it names is marked returned with the reason; its invoice becomes `returned` (a payment settlement counted is taken back). Numbers the remittance does not hold are answered in `unknown`; importing the same file again changes nothing. A pain.002 that rejects the whole message (GrpSts RJCT) or a payment block (PmtInfSts RJCT) without listing its transactions returns every debit in that scope, with its reason, once its original message id is this remittance's (else 409 `Billing.ReturnFileForOtherRemittance`). Audited as `billing.return_imported` per debit.",
    response: { schema: returnImportResponse },
    errors: [
      CollectionErrors.remittanceNotFound,
      CollectionErrors.remittanceNotSent,
      CollectionErrors.returnFileForOtherRemittance,
      SepaErrors.unreadableReturnFile,
    ],
  },
  async ({ params, body, services }) => importReturns(services, params.id, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
