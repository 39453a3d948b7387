import type { ServiceContext } from "@/lib/services/context";

/**
 * What the subscription services need: the database, the club's settings, who acts (null: the system), the integration
 * events' consumers and the clock.
 */
export type SubscriptionContext = Pick<ServiceContext, "db" | "config" | "club" | "actor" | "events" | "now">;
