import { subscriptionPageResponse, subscriptionResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";
import { SubscriptionErrors } from "@/lib/subscriptions/errors";
import { createSubscription, listSubscriptions } from "@/lib/subscriptions/lifecycle";
import { newSubscriptionSchema, subscriptionListQuery } from "@/lib/subscriptions/schemas";

export const dynamic = "force-dynamic";

/** Spec 4.5: the member's terms, newest first, as a page (spec 2.10). */
export const GET = route(
  {
    access: "subscriptions:read",
    params: idParams,
    query: subscriptionListQuery,
    summary: "A member's subscription terms",
    response: { schema: subscriptionPageResponse },
    errors: [SubscriptionErrors.memberNotFound],
  },
  async ({ params, query, services }) => listSubscriptions(services, params.id, query),
);

/** Spec 4.5: a subscription starting now. */
export const POST = route(
  {
    access: "subscriptions:write",
    params: idParams,
    body: newSubscriptionSchema,
    successStatus: 201,
    location: "/api/members/{memberId}/subscriptions/{id}",
    summary: "Subscribe a member",
    response: { schema: subscriptionResponse },
    errors: [
      SubscriptionErrors.memberNotFound,
      SubscriptionErrors.planNotFound,
      SubscriptionErrors.planInactive,
      SubscriptionErrors.memberSuspended,
      SubscriptionErrors.alreadyActive,
    ],
  },
  async ({ params, body, services }) => createSubscription(services, params.id, body),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
