import { profileOf } from "@/lib/auth/profile";
import { profileResponse } from "@/lib/openapi/responses";
import { route } from "@/lib/platform/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** Spec 4.6: the caller's profile and effective permissions. */
export const GET = route(
  { access: "authenticated", summary: "The caller's profile and permissions", response: { schema: profileResponse } },
  async ({ principal }) => ok(profileOf(principal)),
);
