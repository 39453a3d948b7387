import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { getConfig } from "@/lib/config";
import { route } from "@/lib/http/route";
import { problemResponse } from "@/lib/platform/http/problem";

export const dynamic = "force-dynamic";

const handlers = serve({ client: inngest, functions });

/** Without Inngest configured the embedded scheduler runs the jobs, and this endpoint does not exist. */
const notConfigured = route({ withoutServices: true }, async ({ request }) =>
  problemResponse(request, 404, "Inngest is not configured.", {
    detail: "Set INNGEST_BASE_URL or INNGEST_SIGNING_KEY; until then jobs run on the embedded scheduler.",
  }),
);

const enabled = getConfig().inngestEnabled;
export const GET = enabled ? handlers.GET : notConfigured;
export const POST = enabled ? handlers.POST : notConfigured;
export const PUT = enabled ? handlers.PUT : notConfigured;
