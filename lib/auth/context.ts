import type { ServiceContext } from "@/lib/services/context";

/** What the auth services need: the database, the cache (deny-lists), the configuration and the keys. */
export type AuthContext = Pick<ServiceContext, "db" | "cache" | "config" | "keys">;
