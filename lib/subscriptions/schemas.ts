import { z } from "zod";
import { paginationQuery } from "@/lib/platform/pagination";

export const billingPeriodField = z.enum(["monthly", "quarterly", "annual"]);

export const newSubscriptionSchema = z
  .object({
    planId: z.uuid("Not a valid plan id."),
    billingPeriod: billingPeriodField,
    autoRenew: z.boolean().default(false),
  })
  .meta({ id: "NewSubscription" });
export type NewSubscription = z.output<typeof newSubscriptionSchema>;

export const changePlanSchema = z.object({
  planId: z.uuid("Not a valid plan id."),
  /** Defaults to the current subscription's period. */
  billingPeriod: billingPeriodField.optional(),
  /** Defaults to the current subscription's setting. */
  autoRenew: z.boolean().optional(),
});
export type PlanChange = z.output<typeof changePlanSchema>;

export const changePlanQuery = changePlanSchema.pick({ planId: true, billingPeriod: true });

export const cancelSchema = z.object({ reason: z.string().trim().max(500).optional() }).default({});

export const subscriptionParams = z.object({ id: z.uuid("Not a valid id."), sid: z.uuid("Not a valid id.") });

/** A member's terms as a page (spec 2.10); newest first unless asked otherwise, as the list was before it was paged. */
export const subscriptionListQuery = paginationQuery(["startedAt", "endsAt", "createdAt"], "startedAt").extend({
  orderDirection: z.enum(["asc", "desc"]).default("desc"),
});
export type SubscriptionListQuery = z.output<typeof subscriptionListQuery>;
