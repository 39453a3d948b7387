import type { Principal } from "@/lib/auth/authenticate";
import { platform } from "@/lib/platform/container";
import { bucketLimits } from "./schemas";
import type { FileContext } from "./service";

export async function fileContext(principal: Pick<Principal, "id">): Promise<FileContext> {
  const { database, storage, config } = await platform();
  return { db: database.db, storage, limits: bucketLimits(config), actorId: principal.id };
}
