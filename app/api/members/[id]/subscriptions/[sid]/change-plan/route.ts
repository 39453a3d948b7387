import { planChangeQuoteResponse, subscriptionResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { SubscriptionErrors } from "@/lib/subscriptions/errors";
import { changePlan, quotePlanChange } from "@/lib/subscriptions/lifecycle";
import { changePlanQuery, changePlanSchema, subscriptionParams } from "@/lib/subscriptions/schemas";

export const dynamic = "force-dynamic";

/** The price, proration credit and amount due of a plan change, without making it. */
export const GET = route(
  {
    access: "subscriptions:change_plan",
    params: subscriptionParams,
    query: changePlanQuery,
    summary: "Price a plan change",
    response: { schema: planChangeQuoteResponse },
    errors: [
      SubscriptionErrors.notFound,
      SubscriptionErrors.notActive,
      SubscriptionErrors.planNotFound,
      SubscriptionErrors.planInactive,
    ],
  },
  async ({ params, query, services }) => quotePlanChange(services, params.id, params.sid, query),
);

/** Spec 4.5: the current term is canceled and a new one on the new plan starts now (201 with it). */
export const POST = route(
  {
    access: "subscriptions:change_plan",
    params: subscriptionParams,
    body: changePlanSchema,
    successStatus: 201,
    location: "/api/members/{memberId}/subscriptions/{id}",
    summary: "Change a subscription's plan",
    response: { schema: subscriptionResponse },
    errors: [
      SubscriptionErrors.notFound,
      SubscriptionErrors.notActive,
      SubscriptionErrors.samePlan,
      SubscriptionErrors.planNotFound,
      SubscriptionErrors.planInactive,
      SubscriptionErrors.alreadyActive,
    ],
  },
  async ({ params, body, services }) => changePlan(services, params.id, params.sid, body),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
