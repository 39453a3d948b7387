import { CollectionErrors } from "@/lib/billing/collections/errors";
import { remittanceFile } from "@/lib/billing/collections/remittance-file";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    params: idParams,
    summary: "Download a remittance's bank file",
    description:
      "The ISO 20022 pain.008.001.02 file to upload to the club's bank (docs/billing.md, SEPA direct debit), as an attachment.",
    response: { contentType: "application/xml", description: "The pain.008.001.02 document, UTF-8." },
    errors: [
      CollectionErrors.remittanceNotFound,
      CollectionErrors.creditorNotConfigured,
      CollectionErrors.remittanceFileInvalid,
    ],
  },
  async ({ params, services }) => {
    const file = await remittanceFile(services, params.id);
    if (!file.ok) return file;
    return new Response(file.value.xml, {
      headers: {
        "content-type": "application/xml; charset=utf-8",
        "content-disposition": `attachment; filename="${file.value.fileName}"`,
        "cache-control": "no-store",
      },
    });
  },
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
