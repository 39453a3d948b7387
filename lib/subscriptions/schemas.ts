import { z } from "zod";

export const billingPeriodField = z.enum(["monthly", "quarterly", "annual"]);

export const newSubscriptionSchema = z.object({
  planId: z.uuid("Not a valid plan id."),
  billingPeriod: billingPeriodField,
  autoRenew: z.boolean().default(false),
});
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
