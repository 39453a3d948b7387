import { z } from "zod";
import { jobRunResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { JobErrors, runJobNow } from "@/lib/jobs/manual";
import { notYearZero, YEAR_ZERO_MESSAGE } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

const jobParams = z.object({ name: z.string().regex(/^[a-z-]{1,60}$/, "Not a job name.") });
const runBody = z
  .object({ date: z.iso.date("Use a YYYY-MM-DD date.").refine(notYearZero, YEAR_ZERO_MESSAGE).optional() })
  .optional();

/** Runs a job now and answers its outcome (e.g. a backfill of one attendance day). */
export const POST = route(
  {
    access: "jobs:run",
    params: jobParams,
    body: runBody,
    summary: "Run a job now",
    response: { schema: jobRunResponse },
    errors: [JobErrors.notFound, JobErrors.alreadyRunning],
  },
  async ({ params, body, services }) => runJobNow(services, params.name, { date: body?.date }),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
