import { z } from "zod";
import { POST as changePasswordThroughApi } from "@/app/api/auth/change-password/route";
import { sealRefreshToken } from "@/console/server/password-handoff";
import { getConfig } from "@/lib/config";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const newSession = z.object({ refreshToken: z.string().min(1) });

/**
 * The console's password change: the API's own endpoint (the same checks, limits and audit, its refusals passed on
 * as they are), asked for the new refresh token in its body, which is sealed here before it reaches the page: page
 * scripts never see a token (docs/api.md, "What the browser holds").
 */
export const POST = route({ body: z.looseObject({}), withoutServices: true }, async ({ request, body }) => {
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  const apiRequest = new Request(new URL("/api/auth/change-password", request.url), {
    method: "POST",
    headers,
    body: JSON.stringify({ ...body, refreshTokenTransport: "body" }),
  });
  const answer = await changePasswordThroughApi(apiRequest, { params: Promise.resolve({}) });
  if (!answer.ok) return answer;
  const { refreshToken } = newSession.parse(await answer.json());
  return Response.json({ sealedRefreshToken: await sealRefreshToken(getConfig(), refreshToken) });
});

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
