import { formatDuration } from "@/lib/health/service";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Liveness: the process answers; no dependency is checked. */
export const GET = route({ withoutServices: true }, async () =>
  Response.json(
    { status: "Healthy", totalDuration: formatDuration(0), entries: {} },
    { headers: { "cache-control": "no-store" } },
  ),
);
