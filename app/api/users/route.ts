import { platform } from "@/lib/platform/container";
import { route } from "@/lib/platform/http/route";
import { ok } from "@/lib/platform/result";
import { createUser, listUsers } from "@/lib/users/admin";
import { createUserSchema, userListQuery } from "@/lib/users/schemas";

export const dynamic = "force-dynamic";

export const GET = route({ access: "users:read", query: userListQuery }, async ({ query }) =>
  ok(await listUsers((await platform()).database.db, query)),
);

/** A staff-created account: temporary password, mustChangePassword = true. */
export const POST = route({ access: "users:write", body: createUserSchema, successStatus: 201 }, async ({ body, principal }) =>
  createUser((await platform()).database.db, principal, body),
);
