import { profileResponse } from "@/app/api/responses";
import { profileOf } from "@/lib/auth/profile";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** Spec 4.6: the caller's profile and effective permissions. */
export const GET = route(
  { access: "authenticated", summary: "The caller's profile and permissions", response: { schema: profileResponse } },
  async ({ principal }) => ok(profileOf(principal)),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
