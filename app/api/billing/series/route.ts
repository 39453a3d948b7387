import { invoiceSeriesResponse } from "@/app/api/report-responses";
import { BillingErrors } from "@/lib/billing/errors";
import { getInvoiceSeries, invoiceSeriesInputSchema, updateInvoiceSeries } from "@/lib/billing/series";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "billing:read",
    summary: "The invoice series",
    description:
      "The prefixes of the club's two series, invoices and rectifying invoices (RD 1619/2012 art. 6.1.a), with this year's last number and the next one (docs/billing.md, Series and numbers).",
    response: { schema: invoiceSeriesResponse },
  },
  async ({ services }) => ok(await getInvoiceSeries(services)),
);

export const PUT = route(
  {
    access: "settings:write",
    body: invoiceSeriesInputSchema,
    summary: "Set the invoice series",
    description:
      "Sets both prefixes (a series holds one kind for good: a prefix used by the other kind is refused) and, for a club continuing its former numbering, the number each series' next invoice of this year takes, only before the series' first invoice of the year. Issued invoices keep their numbers. Audited as `billing.series_updated`.",
    response: { schema: invoiceSeriesResponse },
    errors: [BillingErrors.seriesPrefixInUse, BillingErrors.seriesStarted],
  },
  async ({ body, services }) => updateInvoiceSeries(services, body),
);

export const { DELETE, OPTIONS, PATCH, POST } = otherMethods({ GET, PUT });
