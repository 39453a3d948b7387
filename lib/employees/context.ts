import type { Principal } from "@/lib/auth/authenticate";
import { platform } from "@/lib/platform/container";
import type { PersonnelContext } from "./service";

export async function personnelContext(principal: Pick<Principal, "id">): Promise<PersonnelContext> {
  const { database } = await platform();
  return { db: database.db, actorId: principal.id };
}
