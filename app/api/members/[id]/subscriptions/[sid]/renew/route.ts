import { route } from "@/lib/platform/http/route";
import { subscriptionContext } from "@/lib/subscriptions/context";
import { renewSubscription } from "@/lib/subscriptions/lifecycle";
import { subscriptionParams } from "@/lib/subscriptions/schemas";

export const dynamic = "force-dynamic";

/** Spec 4.5: the next term starts where this one ends (201 with it). */
export const POST = route(
  { access: "subscriptions:renew", params: subscriptionParams, successStatus: 201 },
  async ({ params, principal }) => renewSubscription(await subscriptionContext(principal.id), params.id, params.sid),
);
