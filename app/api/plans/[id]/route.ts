import { planResponse } from "@/app/api/responses";
import { expectedVersion } from "@/lib/http/entity-tags";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { PlanErrors } from "@/lib/plans/errors";
import { planInputSchema } from "@/lib/plans/schemas";
import { deactivatePlan, getPlan, updatePlan } from "@/lib/plans/service";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "plans:read",
    params: idParams,
    summary: "Get a plan",
    versioned: true,
    response: { schema: planResponse },
    errors: [PlanErrors.notFound],
  },
  async ({ params, services }) => getPlan(services, params.id),
);

export const PUT = route(
  {
    access: "plans:write",
    params: idParams,
    body: planInputSchema,
    summary: "Update a plan",
    versioned: true,
    response: { schema: planResponse },
    errors: [PlanErrors.notFound, PlanErrors.duplicateCode],
  },
  async ({ params, body, services, request }) => updatePlan(services, params.id, body, expectedVersion(request)),
);

/** Spec 4.4: deactivates (isActive = false); the plan and its subscriptions stay. 200 with the plan. */
export const DELETE = route(
  {
    access: "plans:delete",
    params: idParams,
    summary: "Deactivate a plan",
    versioned: true,
    response: { schema: planResponse, description: "The plan, now inactive (plans are never removed)." },
    errors: [PlanErrors.notFound],
  },
  async ({ params, services, request }) => deactivatePlan(services, params.id, expectedVersion(request)),
);

export const { OPTIONS, PATCH, POST } = otherMethods({ GET, PUT, DELETE });
