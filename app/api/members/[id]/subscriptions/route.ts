import { idParams } from "@/lib/platform/http/params";
import { route } from "@/lib/platform/http/route";
import { subscriptionContext } from "@/lib/subscriptions/context";
import { createSubscription, listSubscriptions } from "@/lib/subscriptions/lifecycle";
import { newSubscriptionSchema } from "@/lib/subscriptions/schemas";

export const dynamic = "force-dynamic";

/** Spec 4.5: every term of the member, newest first. */
export const GET = route({ access: "subscriptions:read", params: idParams }, async ({ params, principal }) =>
  listSubscriptions(await subscriptionContext(principal.id), params.id),
);

/** Spec 4.5: a subscription starting now. */
export const POST = route(
  { access: "subscriptions:write", params: idParams, body: newSubscriptionSchema, successStatus: 201 },
  async ({ params, body, principal }) => createSubscription(await subscriptionContext(principal.id), params.id, body),
);
