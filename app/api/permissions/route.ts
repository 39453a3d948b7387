import { permissionsResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";
import { listPermissions } from "@/lib/roles/service";

export const dynamic = "force-dynamic";

/** Every permission string the service knows (spec 5), including promotions:* and referrals:*. */
export const GET = route(
  { access: "permissions:read", summary: "Every permission string", response: { schema: permissionsResponse } },
  async () => ok(listPermissions()),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
