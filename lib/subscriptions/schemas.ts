import { z } from "zod";
import { nameSchemas } from "@/lib/platform/http/shapes";
import { paginationQuery } from "@/lib/platform/pagination";

const billingPeriodField = z.enum(["monthly", "quarterly", "annual"]);

export const newSubscriptionSchema = z.object({
  planId: z.uuid("Not a valid plan id."),
  billingPeriod: billingPeriodField,
  autoRenew: z.boolean().default(false),
});
export type NewSubscription = z.output<typeof newSubscriptionSchema>;

export const changePlanSchema = z.object({
  planId: z.uuid("Not a valid plan id.").meta({ description: "The plan to change to." }),
  billingPeriod: billingPeriodField
    .optional()
    .meta({ description: "The new term's billing period; defaults to the current subscription's." }),
  autoRenew: z.boolean().optional().meta({ description: "Defaults to the current subscription's setting." }),
});
export type PlanChange = z.output<typeof changePlanSchema>;

export const changePlanQuery = changePlanSchema.pick({ planId: true, billingPeriod: true });

export const cancelSchema = z.object({ reason: z.string().trim().max(500).optional() }).default({});

export const subscriptionParams = z.object({ id: z.uuid("Not a valid id."), sid: z.uuid("Not a valid id.") });

/** A member's terms as a page (spec 2.10); newest first unless asked otherwise, as the list was before it was paged. */
export const subscriptionListQuery = paginationQuery(["startedAt", "endsAt", "createdAt"], "startedAt", "desc");
export type SubscriptionListQuery = z.output<typeof subscriptionListQuery>;

// The names these schemas go by in the OpenAPI document.
nameSchemas([[newSubscriptionSchema, "NewSubscription"]]);
