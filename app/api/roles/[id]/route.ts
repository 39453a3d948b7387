import { platform } from "@/lib/platform/container";
import { idParams } from "@/lib/platform/http/params";
import { route } from "@/lib/platform/http/route";
import { roleInputSchema } from "@/lib/roles/schemas";
import { deleteRole, getRole, updateRole } from "@/lib/roles/service";

export const dynamic = "force-dynamic";

export const GET = route({ access: "roles:read", params: idParams }, async ({ params }) =>
  getRole((await platform()).database.db, params.id),
);

export const PUT = route({ access: "roles:write", params: idParams, body: roleInputSchema }, async ({ params, body, principal }) =>
  updateRole((await platform()).database.db, principal, params.id, body),
);

export const DELETE = route({ access: "roles:write", params: idParams }, async ({ params, principal }) => {
  const deleted = await deleteRole((await platform()).database.db, principal, params.id);
  return deleted.ok ? new Response(null, { status: 204 }) : deleted;
});
