import { signInListResponse } from "@/app/api/responses";
import { endEverySignIn, listSignIns } from "@/lib/auth/sign-ins";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** The caller's sign-ins that can still go on (phones, computers), newest use first. */
export const GET = route(
  {
    access: "authenticated",
    summary: "Your sign-ins",
    description:
      "Each sign-in that can still go on: not ended, not past `SESSION_MAX_DAYS` after its password, used within `SESSION_IDLE_MINUTES`.",
    response: { schema: signInListResponse },
  },
  async ({ principal, services }) => ok({ items: await listSignIns(services, principal.id, principal.sessionId) }),
);

/** Sign out everywhere: every sign-in of the caller ends, this one included. */
export const DELETE = route(
  {
    access: "authenticated",
    summary: "Sign out everywhere",
    description:
      "Ends every sign-in of the caller, this one included: refresh tokens are revoked and every access token issued before is refused at once.",
    successStatus: 204,
    response: { status: 204, description: "Signed out everywhere." },
  },
  async ({ principal, services }) => {
    await endEverySignIn(services, principal.id);
    return ok(undefined);
  },
);

export const { OPTIONS, PATCH, POST, PUT } = otherMethods({ GET, DELETE });
