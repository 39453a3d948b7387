import { AuthErrors } from "@/lib/auth/errors";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { acceptInvitation } from "@/lib/staff/invitation";
import { acceptInvitationSchema } from "@/lib/staff/schemas";

export const dynamic = "force-dynamic";

/** The invited staff member chooses their password from the emailed link; 204, then they sign in as usual. */
export const POST = route(
  {
    rateLimit: "auth",
    body: acceptInvitationSchema,
    summary: "Accept a staff invitation by choosing a password",
    successStatus: 204,
    response: { description: "Password set and email address confirmed: the account may sign in." },
    errors: [AuthErrors.invalidLink],
  },
  async ({ body, services }) => acceptInvitation(services, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
