import { invitationResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";
import { StaffErrors } from "@/lib/staff/errors";
import { resendInvitation } from "@/lib/staff/service";
import { UserErrors } from "@/lib/users/errors";

export const dynamic = "force-dynamic";

/** A new invitation for someone who has not accepted theirs; the earlier link stops working. `id` is the user's id. */
export const POST = route(
  {
    access: "users:write",
    params: idParams,
    summary: "Send a staff member a new invitation",
    response: { schema: invitationResponse },
    errors: [UserErrors.notFound, UserErrors.protectedAccount, StaffErrors.noPendingInvitation],
  },
  async ({ params, services }) => resendInvitation(services, params.id),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
