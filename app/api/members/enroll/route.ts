import { enrollmentResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { MemberErrors } from "@/lib/members/errors";
import { enroll, enrollmentSchema } from "@/lib/subscriptions/enrollment";
import { SubscriptionErrors } from "@/lib/subscriptions/errors";

export const dynamic = "force-dynamic";

/** Spec 4.5: a member and their first subscription in one transaction (201 with both). */
export const POST = route(
  {
    access: "members:write",
    body: enrollmentSchema,
    successStatus: 201,
    location: "/api/members/{member.id}",
    summary: "Enrol a member with a first subscription",
    response: { schema: enrollmentResponse },
    errors: [MemberErrors.duplicateEmail, SubscriptionErrors.planNotFound, SubscriptionErrors.planInactive],
  },
  async ({ body, services }) => enroll(services, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
