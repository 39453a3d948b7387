import { loginResponse } from "@/app/api/responses";
import { newAccountSchema } from "@/lib/auth/account-schema";
import { sessionResponse } from "@/lib/auth/session-http";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { SetupErrors } from "@/lib/setup/errors";
import { createSuperAdmin } from "@/lib/setup/superadmin";
import { SETUP_CODE_PARAMETER } from "../setup-code-parameter";

export const dynamic = "force-dynamic";

/**
 * Spec 4.2: the first user, a SuperAdmin, signed in at once (201 with the login response and refresh cookie); with the
 * setup code (issue 28).
 */
export const POST = route(
  {
    rateLimit: "setup",
    body: newAccountSchema,
    location: "/api/users/{userId}",
    summary: "Create the super-administrator, signed in",
    response: {
      status: 201,
      schema: loginResponse,
      description: "Signed in: the login response, and the refresh token cookie.",
    },
    errors: [SetupErrors.alreadyCompleted, SetupErrors.codeRequired, SetupErrors.platformNotConfigured],
    requestHeaders: [SETUP_CODE_PARAMETER],
  },
  async ({ body, request, services }) => {
    const ctx = services;
    const created = await createSuperAdmin(ctx, body, {
      userAgent: request.headers.get("user-agent"),
      setupCode: request.headers.get(SETUP_CODE_PARAMETER.name),
    });
    return created.ok ? sessionResponse(ctx.config, created.value, "cookie", 201) : created;
  },
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
