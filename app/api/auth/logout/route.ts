import { z } from "zod";
import { logout } from "@/lib/auth/logout";
import { clearRefreshCookie, presentedRefreshToken } from "@/lib/auth/session-http";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { nameSchemas } from "@/lib/platform/http/shapes";

export const dynamic = "force-dynamic";

const logoutSchema = z.object({ refreshToken: z.string().min(1).max(200).optional() }).default({});

/** Spec 4.6: ends the refresh token's login, deny-lists the access token and clears the cookie; always 204. */
export const POST = route(
  {
    body: logoutSchema,
    summary: "Sign out",
    description: "Ends the refresh token's login and deny-lists the bearer token when one is sent; both are optional.",
    response: { status: 204, description: "Signed out; the refresh cookie is cleared." },
  },
  async ({ body, request, services }) => {
    const ctx = services;
    await logout(ctx, {
      authorization: request.headers.get("authorization"),
      refreshToken: presentedRefreshToken(request, body.refreshToken)?.token ?? null,
    });
    return new Response(null, { status: 204, headers: { "set-cookie": clearRefreshCookie(ctx.config) } });
  },
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });

// The names these schemas go by in the OpenAPI document.
nameSchemas([[logoutSchema, "LogoutRequest"]]);
