import { subscriptionResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { SubscriptionErrors } from "@/lib/subscriptions/errors";
import { getSubscription } from "@/lib/subscriptions/lifecycle";
import { subscriptionParams } from "@/lib/subscriptions/schemas";

export const dynamic = "force-dynamic";

/** One term of a member: the `Location` of a subscribe, renewal or plan change. */
export const GET = route(
  {
    access: "subscriptions:read",
    params: subscriptionParams,
    summary: "Get a subscription term",
    response: { schema: subscriptionResponse },
    errors: [SubscriptionErrors.memberNotFound, SubscriptionErrors.notFound],
  },
  async ({ params, services }) => getSubscription(services, params.id, params.sid),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
