import { z } from "zod";
import { loginResponse } from "@/app/api/responses";
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
    rateLimit: "refresh",
    body: refreshSchema,
    summary: "Renew the access token (rotates the refresh token)",
    description:
      'Send the refresh token in the `clubops_refresh` cookie or as `{"refreshToken"}`; the rotated one comes back the same way. ' +
      "Retrying with the same token within `REFRESH_REUSE_INTERVAL_SECONDS` (default 30) of its rotation, after a lost answer, " +
      "answers the same successor again; later, or with an older token, it is reuse (`Auth.RefreshTokenReused`) and the sign-in ends.",
    response: { schema: loginResponse },
    errors: [AuthErrors.invalidRefreshToken, AuthErrors.refreshTokenReused, AuthErrors.tokenRevoked],
  },
  async ({ body, request, services }) => {
    const presented = presentedRefreshToken(request, body.refreshToken);
    if (!presented) return fail(AuthErrors.invalidRefreshToken);
    const ctx = services;
    const session = await refreshSession(ctx, presented.token, request.headers.get("user-agent"));
    return session.ok ? sessionResponse(ctx.config, session.value, presented.transport) : session;
  },
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });

// The names these schemas go by in the OpenAPI document.
nameSchemas([[refreshSchema, "RefreshRequest"]]);
