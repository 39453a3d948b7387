import type { Principal } from "@/lib/auth/authenticate";
import { platform } from "@/lib/platform/container";
import type { MemberContext } from "./service";

export async function memberContext(principal: Pick<Principal, "id">): Promise<MemberContext> {
  const { database, config } = await platform();
  return { db: database.db, currency: config.CURRENCY, actorId: principal.id };
}
