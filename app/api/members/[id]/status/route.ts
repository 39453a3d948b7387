import { memberResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { MemberErrors } from "@/lib/members/errors";
import { statusChangeSchema } from "@/lib/members/schemas";
import { changeMemberStatus } from "@/lib/members/service";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

/** Staff suspend a member or lift a suspension (lib/members/status.ts); 200 with the member. */
export const PUT = route(
  {
    access: "members:write",
    params: idParams,
    body: statusChangeSchema,
    summary: "Change a member's status",
    response: { schema: memberResponse },
    errors: [MemberErrors.notFound, MemberErrors.followsSubscriptions, MemberErrors.liftsToStanding],
  },
  async ({ params, body, services }) => changeMemberStatus(services, params.id, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, POST } = otherMethods({ PUT });
