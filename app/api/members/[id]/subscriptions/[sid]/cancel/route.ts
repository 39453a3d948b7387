import { subscriptionResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { SubscriptionErrors } from "@/lib/subscriptions/errors";
import { cancelSubscription } from "@/lib/subscriptions/lifecycle";
import { cancelSchema, subscriptionParams } from "@/lib/subscriptions/schemas";

export const dynamic = "force-dynamic";

/** Spec 4.5: active → canceled. */
export const POST = route(
  {
    access: "subscriptions:cancel",
    params: subscriptionParams,
    body: cancelSchema,
    summary: "Cancel a subscription",
    response: { schema: subscriptionResponse },
    errors: [SubscriptionErrors.notFound, SubscriptionErrors.notActive],
  },
  async ({ params, body, services }) => cancelSubscription(services, params.id, params.sid, body.reason),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
