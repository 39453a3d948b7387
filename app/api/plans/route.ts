import { planPageResponse, planResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { PlanErrors } from "@/lib/plans/errors";
import { planInputSchema, planListQuery } from "@/lib/plans/schemas";
import { createPlan, listPlans } from "@/lib/plans/service";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** Spec 4.4: paginated plans, filterable by isActive and searchable by name or code. */
export const GET = route(
  { access: "plans:read", query: planListQuery, summary: "List plans", response: { schema: planPageResponse } },
  async ({ query, services }) => ok(await listPlans(services, query)),
);

export const POST = route(
  {
    access: "plans:write",
    body: planInputSchema,
    successStatus: 201,
    location: "/api/plans/{id}",
    summary: "Create a plan",
    response: { schema: planResponse },
    errors: [PlanErrors.duplicateCode],
  },
  async ({ body, services }) => createPlan(services, body),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
