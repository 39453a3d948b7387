import { idParams } from "@/lib/platform/http/params";
import { route } from "@/lib/platform/http/route";
import { planContext } from "@/lib/plans/context";
import { planInputSchema } from "@/lib/plans/schemas";
import { deactivatePlan, getPlan, updatePlan } from "@/lib/plans/service";

export const dynamic = "force-dynamic";

export const GET = route({ access: "plans:read", params: idParams }, async ({ params, principal }) =>
  getPlan(await planContext(principal), params.id),
);

export const PUT = route({ access: "plans:write", params: idParams, body: planInputSchema }, async ({ params, body, principal }) =>
  updatePlan(await planContext(principal), params.id, body),
);

/** Spec 4.4: deactivates (isActive = false); the plan and its subscriptions stay. 200 with the plan. */
export const DELETE = route({ access: "plans:delete", params: idParams }, async ({ params, principal }) =>
  deactivatePlan(await planContext(principal), params.id),
);
