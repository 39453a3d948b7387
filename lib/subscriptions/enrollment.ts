import { z } from "zod";
import { MemberErrors } from "@/lib/members/errors";
import { findMemberDetail, type MemberDetail } from "@/lib/members/repository";
import { memberInputSchema } from "@/lib/members/schemas";
import { addMember } from "@/lib/members/service";
import { rollbackOnFailure } from "@/lib/platform/db/transaction";
import { violatedUniqueConstraint } from "@/lib/platform/errors";
import { fail, ok, type Result } from "@/lib/platform/result";
import { actorIdOf } from "@/lib/services/context";
import type { SubscriptionContext } from "./context";
import { startTerm } from "./lifecycle";
import { findSubscription, type Subscription } from "./repository";
import { newSubscriptionSchema } from "./schemas";

export const enrollmentSchema = z.object({ member: memberInputSchema, subscription: newSubscriptionSchema });
export type Enrollment = z.output<typeof enrollmentSchema>;

/**
 * Spec 4.5 enrollment: a new member and their first subscription in one transaction; either both exist
 * afterwards or neither (a refused plan leaves no member behind). The welcome email is queued with them.
 */
export async function enroll(
  ctx: SubscriptionContext,
  enrollment: Enrollment,
): Promise<Result<{ member: MemberDetail; subscription: Subscription }>> {
  try {
    const enrolled = await rollbackOnFailure(ctx.db, async (tx) => {
      const member = await addMember(tx, actorIdOf(ctx), enrollment.member, ctx.club.timeZone, { subscribing: true });
      if (!member.ok) return member;
      const term = await startTerm(ctx, tx, {
        ...enrollment.subscription,
        memberId: member.value,
        startedAt: ctx.now(),
        source: "enrollment",
      });
      if (!term.ok) return term;
      // The answer is read in the transaction that writes it: what a keyed request stores with the change.
      return ok({
        member: (await findMemberDetail(tx, member.value)) as MemberDetail,
        subscription: (await findSubscription(tx, member.value, term.value)) as Subscription,
      });
    });
    return enrolled;
  } catch (error) {
    // Two enrolments with one email at once: the unique index decides, the loser gets the same 409 as a sequential one.
    if (violatedUniqueConstraint(error) === "members_email_key") return fail(MemberErrors.duplicateEmail);
    throw error;
  }
}
