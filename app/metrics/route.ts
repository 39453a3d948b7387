import { getConfig } from "@/lib/config";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { scrapeCollectors } from "@/lib/metrics/collectors";
import { metricsResponse } from "@/lib/platform/http/metrics-endpoint";

export const dynamic = "force-dynamic";

/** Prometheus metrics of this process, for a scraper presenting METRICS_TOKEN (docs/operations.md, Metrics). */
export const GET = route({ withoutServices: true, idempotencyKey: false }, async ({ request }) =>
  metricsResponse(request, getConfig().METRICS_TOKEN, scrapeCollectors),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
