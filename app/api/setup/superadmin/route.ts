import { authContext } from "@/lib/auth/context";
import { sessionResponse } from "@/lib/auth/session-http";
import { route } from "@/lib/platform/http/route";
import { createSuperAdmin } from "@/lib/setup/superadmin";
import { newAccountSchema } from "@/lib/users/schemas";

export const dynamic = "force-dynamic";

/** Spec 4.2: the first user, a SuperAdmin, signed in at once (201 with the login response and refresh cookie). */
export const POST = route({ rateLimit: "setup", body: newAccountSchema }, async ({ body, request }) => {
  const created = await createSuperAdmin(await authContext(), body, request.headers.get("user-agent"));
  return created.ok ? sessionResponse(request, created.value, "cookie", 201) : created;
});
