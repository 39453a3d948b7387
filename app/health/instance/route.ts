import { healthResponse, instanceReport } from "@/lib/health/reports";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/**
 * This instance's readiness, for balancers: its database pool answers within 3 seconds. The shared dependencies are
 * left to GET /health/ready, where their loss is Degraded (docs/operations.md, The balancer).
 */
export const GET = route({ withoutServices: true }, async () => healthResponse(await instanceReport()));
