import { AuthErrors } from "@/lib/auth/errors";
import { endSignIn } from "@/lib/auth/sign-ins";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

/** Ends one of the caller's own sign-ins (a phone left signed in, a shared computer). */
export const DELETE = route(
  {
    access: "authenticated",
    params: idParams,
    summary: "End one of your sign-ins",
    successStatus: 204,
    response: { status: 204, description: "That sign-in has ended; its tokens are refused." },
    errors: [AuthErrors.signInNotFound],
  },
  async ({ params, principal, services }) => endSignIn(services, principal.id, params.id),
);

export const { GET, HEAD, OPTIONS, PATCH, POST, PUT } = otherMethods({ DELETE });
