import { platform } from "@/lib/platform/container";
import { idParams } from "@/lib/platform/http/params";
import { route } from "@/lib/platform/http/route";
import { assignRoles } from "@/lib/users/admin";
import { assignRolesSchema } from "@/lib/users/schemas";

export const dynamic = "force-dynamic";

/** Replaces the user's roles with the named ones. */
export const PUT = route({ access: "users:write", params: idParams, body: assignRolesSchema }, async ({ params, body, principal }) =>
  assignRoles((await platform()).database.db, principal, params.id, body.roles),
);
