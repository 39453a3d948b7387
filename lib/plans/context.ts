import type { Principal } from "@/lib/auth/authenticate";
import { platform } from "@/lib/platform/container";
import type { PlanContext } from "./service";

export async function planContext(principal: Pick<Principal, "id">): Promise<PlanContext> {
  const { database, config } = await platform();
  return { db: database.db, currency: config.CURRENCY, actorId: principal.id };
}
