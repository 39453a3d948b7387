import { subscriptionListResponse, subscriptionResponse } from "@/app/api/responses";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";
import { SubscriptionErrors } from "@/lib/subscriptions/errors";
import { createSubscription, listSubscriptions } from "@/lib/subscriptions/lifecycle";
import { newSubscriptionSchema } from "@/lib/subscriptions/schemas";

export const dynamic = "force-dynamic";

/** Spec 4.5: every term of the member, newest first. */
export const GET = route(
  {
    access: "subscriptions:read",
    params: idParams,
    summary: "A member's subscription terms",
    response: { schema: subscriptionListResponse },
    errors: [SubscriptionErrors.memberNotFound],
  },
  async ({ params, services }) => listSubscriptions(services, params.id),
);

/** Spec 4.5: a subscription starting now. */
export const POST = route(
  {
    access: "subscriptions:write",
    params: idParams,
    body: newSubscriptionSchema,
    successStatus: 201,
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
