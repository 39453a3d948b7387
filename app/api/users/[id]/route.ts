import { platform } from "@/lib/platform/container";
import { idParams } from "@/lib/platform/http/params";
import { route } from "@/lib/platform/http/route";
import { deactivateUser, getUser, updateUser } from "@/lib/users/admin";
import { updateUserSchema } from "@/lib/users/schemas";

export const dynamic = "force-dynamic";

export const GET = route({ access: "users:read", params: idParams }, async ({ params }) =>
  getUser((await platform()).database.db, params.id),
);

export const PUT = route({ access: "users:write", params: idParams, body: updateUserSchema }, async ({ params, body, principal }) =>
  updateUser((await platform()).database.db, principal, params.id, body),
);

/** Deactivates (the account and its history stay); 204. */
export const DELETE = route({ access: "users:write", params: idParams }, async ({ params, principal }) => {
  const deactivated = await deactivateUser((await platform()).database.db, principal, params.id);
  return deactivated.ok ? new Response(null, { status: 204 }) : deactivated;
});
