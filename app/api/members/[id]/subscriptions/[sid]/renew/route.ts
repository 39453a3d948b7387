import { subscriptionResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { SubscriptionErrors } from "@/lib/subscriptions/errors";
import { renewSubscription } from "@/lib/subscriptions/lifecycle";
import { subscriptionParams } from "@/lib/subscriptions/schemas";

export const dynamic = "force-dynamic";

/** Spec 4.5: the next term starts where this one ends (201 with it). */
export const POST = route(
  {
    access: "subscriptions:renew",
    params: subscriptionParams,
    successStatus: 201,
    location: "/api/members/{memberId}/subscriptions/{id}",
    summary: "Renew a subscription",
    response: { schema: subscriptionResponse },
    errors: [
      SubscriptionErrors.notFound,
      SubscriptionErrors.alreadyRenewed,
      SubscriptionErrors.notRenewable,
      SubscriptionErrors.planNotFound,
      SubscriptionErrors.planInactive,
      SubscriptionErrors.memberSuspended,
    ],
  },
  async ({ params, services }) => renewSubscription(services, params.id, params.sid),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
