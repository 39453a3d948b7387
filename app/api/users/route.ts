import { userPageResponse, userResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";
import { RoleErrors } from "@/lib/roles/errors";
import { createUser, listUsers } from "@/lib/users/admin";
import { UserErrors } from "@/lib/users/errors";
import { createUserSchema, userListQuery } from "@/lib/users/schemas";

export const dynamic = "force-dynamic";

export const GET = route(
  { access: "users:read", query: userListQuery, summary: "List users", response: { schema: userPageResponse } },
  async ({ query, services }) => ok(await listUsers(services, query)),
);

/** A staff-created account: temporary password, mustChangePassword = true. */
export const POST = route(
  {
    access: "users:write",
    body: createUserSchema,
    successStatus: 201,
    location: "/api/users/{id}",
    summary: "Create a user with a temporary password",
    response: { schema: userResponse },
    errors: [UserErrors.duplicateEmail, UserErrors.duplicateUsername, UserErrors.unknownRole, RoleErrors.cannotGrant],
  },
  async ({ body, services }) => createUser(services, body),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
