import { aggregatedReport, healthResponse } from "@/lib/health/reports";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Aggregated status of all dependencies, cached for 10 seconds. */
export const GET = route({ withoutServices: true }, async () => healthResponse(await aggregatedReport()));
