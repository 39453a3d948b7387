import { staffMemberResponse } from "@/app/api/responses";
import { AuthErrors } from "@/lib/auth/errors";
import { EmployeeErrors } from "@/lib/employees/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { RoleErrors } from "@/lib/roles/errors";
import { addStaffMemberSchema } from "@/lib/staff/schemas";
import { addStaffMember } from "@/lib/staff/service";
import { UserErrors } from "@/lib/users/errors";

export const dynamic = "force-dynamic";

/** "Add staff member" in one step: account, roles, employee record and an emailed invitation, in one transaction. */
export const POST = route(
  {
    access: "users:write",
    body: addStaffMemberSchema,
    successStatus: 201,
    location: "/api/users/{user.id}",
    summary: "Add a staff member and email them an invitation",
    description:
      "Creates the account with the chosen roles, its employee record and a single-use invitation link (7 days) " +
      "emailed to the person, who chooses their password with POST /api/auth/accept-invitation. The caller also " +
      "needs `employees:write` (else 403 Auth.Forbidden) and every permission of the roles granted. Any refusal " +
      "leaves nothing behind.",
    response: { schema: staffMemberResponse },
    errors: [
      AuthErrors.forbidden,
      UserErrors.duplicateEmail,
      UserErrors.duplicateUsername,
      UserErrors.unknownRole,
      RoleErrors.cannotGrant,
      EmployeeErrors.holidayListNotFound,
    ],
  },
  async ({ body, services }) => addStaffMember(services, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
