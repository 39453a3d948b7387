import { healthResponse, readinessReport } from "@/lib/health/reports";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Readiness: every dependency checked now, 3 seconds each, in parallel. */
export const GET = route({ withoutServices: true }, async () => healthResponse(await readinessReport()));
