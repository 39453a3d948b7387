import type { z } from "zod";
import type { CurrentSubscription, MemberDetail, MemberListItem } from "@/lib/members/repository";
import type { MemberFilters, memberInputSchema, MemberListQuery, statusChangeSchema } from "@/lib/members/schemas";
import type { MemberStatistics } from "@/lib/members/statistics";
import type { Paginated } from "@/lib/platform/pagination";
import type { Plan } from "@/lib/plans/repository";
import type { planInputSchema, PlanListQuery } from "@/lib/plans/schemas";
import type { PlanChangeQuote } from "@/lib/subscriptions/lifecycle";
import type { BillingPeriod } from "@/lib/subscriptions/pricing";
import type { Subscription } from "@/lib/subscriptions/repository";
import type { cancelSchema, changePlanSchema, newSubscriptionSchema } from "@/lib/subscriptions/schemas";
import type { Json, Transport } from "./api-client";

export type { BillingPeriod, MemberStatistics, PlanChangeQuote };
export type PlanRow = Json<Plan>;
export type MemberRow = Json<MemberListItem>;
export type MemberRecord = Omit<Json<MemberDetail>, "currentSubscription"> & { currentSubscription: Json<CurrentSubscription> | null };
export type SubscriptionRow = Json<Subscription>;
export type MemberStatus = MemberRow["status"];
export type MemberInput = z.input<typeof memberInputSchema>;
export type PlanInput = z.input<typeof planInputSchema>;
export type NewSubscription = z.input<typeof newSubscriptionSchema>;

/** The list's query as sent: `isActive` travels as the text the API parses. */
type PlanQuery = Partial<Omit<PlanListQuery, "isActive">> & { isActive?: "true" | "false" };

const segment = (id: string) => encodeURIComponent(id);
const memberPath = (id: string) => `/api/members/${segment(id)}`;
const termPath = (memberId: string, id: string) => `${memberPath(memberId)}/subscriptions/${segment(id)}`;

/** Plans, members and their subscriptions (docs/api.md), as the console calls them. */
export function clubEndpoints(api: Transport) {
  return {
    plans: {
      list: (query: PlanQuery) => api.json<Paginated<PlanRow>>("GET", "/api/plans", { query }),
      create: (body: PlanInput) => api.json<PlanRow>("POST", "/api/plans", { body }),
      update: (id: string, body: PlanInput) => api.json<PlanRow>("PUT", `/api/plans/${segment(id)}`, { body }),
      deactivate: (id: string) => api.json<PlanRow>("DELETE", `/api/plans/${segment(id)}`),
    },
    members: {
      list: (query: Partial<MemberListQuery>) => api.json<Paginated<MemberRow>>("GET", "/api/members", { query }),
      get: (id: string) => api.json<MemberRecord>("GET", memberPath(id)),
      create: (body: MemberInput) => api.json<MemberRecord>("POST", "/api/members", { body }),
      update: (id: string, body: MemberInput) => api.json<MemberRecord>("PUT", memberPath(id), { body }),
      remove: (id: string) => api.empty("DELETE", memberPath(id)),
      changeStatus: (id: string, body: z.input<typeof statusChangeSchema>) => api.json<MemberRecord>("PUT", `${memberPath(id)}/status`, { body }),
      enroll: (body: { member: MemberInput; subscription: NewSubscription }) =>
        api.json<{ member: MemberRecord; subscription: SubscriptionRow }>("POST", "/api/members/enroll", { body }),
      statistics: () => api.json<MemberStatistics>("GET", "/api/members/statistics"),
      /** The CSV download as a response whose body the caller streams. */
      export: (query: MemberFilters, signal: AbortSignal) => api.response("GET", "/api/members/export", { query, signal }),
    },
    subscriptions: {
      list: (memberId: string) => api.json<SubscriptionRow[]>("GET", `${memberPath(memberId)}/subscriptions`),
      create: (memberId: string, body: NewSubscription) => api.json<SubscriptionRow>("POST", `${memberPath(memberId)}/subscriptions`, { body }),
      quotePlanChange: (memberId: string, id: string, query: { planId: string; billingPeriod: BillingPeriod }) =>
        api.json<PlanChangeQuote>("GET", `${termPath(memberId, id)}/change-plan`, { query }),
      changePlan: (memberId: string, id: string, body: z.input<typeof changePlanSchema>) =>
        api.json<SubscriptionRow>("POST", `${termPath(memberId, id)}/change-plan`, { body }),
      renew: (memberId: string, id: string) => api.json<SubscriptionRow>("POST", `${termPath(memberId, id)}/renew`),
      cancel: (memberId: string, id: string, body: z.input<typeof cancelSchema>) =>
        api.json<SubscriptionRow>("POST", `${termPath(memberId, id)}/cancel`, { body }),
    },
  };
}
