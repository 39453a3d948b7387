import { z } from "zod";
import { loginResponse } from "@/app/api/responses";
import { authContext } from "@/lib/auth/context";
import { AuthErrors } from "@/lib/auth/errors";
import { refreshSession } from "@/lib/auth/refresh";
import { presentedRefreshToken, sessionResponse } from "@/lib/auth/session-http";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { nameSchemas } from "@/lib/platform/http/shapes";
import { fail } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

const refreshSchema = z.object({ refreshToken: z.string().min(1).max(200).optional() }).default({});

/** Spec 4.6: a new access token and a rotated refresh token, returned the way the old one came (cookie or body). */
export const POST = route(
  {
    rateLimit: "auth",
    body: refreshSchema,
    summary: "Renew the access token (rotates the refresh token)",
    description:
      'Send the refresh token in the `clubops_refresh` cookie or as `{"refreshToken"}`; the rotated one comes back the same way.',
    response: { schema: loginResponse },
    errors: [AuthErrors.invalidRefreshToken, AuthErrors.refreshTokenReused, AuthErrors.tokenRevoked],
  },
  async ({ body, request }) => {
    const presented = presentedRefreshToken(request, body.refreshToken);
    if (!presented) return fail(AuthErrors.invalidRefreshToken);
    const ctx = await authContext();
    const session = await refreshSession(ctx, presented.token, request.headers.get("user-agent"));
    return session.ok ? sessionResponse(ctx.config, session.value, presented.transport) : session;
  },
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });

// The names these schemas go by in the OpenAPI document.
nameSchemas([[refreshSchema, "RefreshRequest"]]);
