import { and, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { EventConsumer } from "@/lib/events/dispatcher";
import { enqueueMail } from "@/lib/mail/outbox";
import { type LetterConfig, letterFor } from "@/lib/mail/recipient-language";
import { localDate } from "@/lib/platform/calendar";
import { members, plans } from "@/lib/platform/db/schema";

/** Every new subscription is in the audit trail, in its own transaction. */
export const auditSubscription: EventConsumer<"MemberSubscribedEvent"> = async (tx, event) => {
  await recordAudit(tx, {
    action: "members.subscribed",
    severity: "Info",
    actorId: event.actorId,
    entity: "member",
    entityId: event.memberId,
    data: event,
  });
};

/**
 * A member's first subscription, whatever the path (enrolment, or a new member then subscribe), welcomes them, once:
 * the conditional update of members.welcomed_at lets exactly one subscription claim it, so a second subscription, a
 * plan change, a renewal or a cancel and resubscribe never welcome again. Queued in the subscription's transaction, so
 * it is sent only if the subscription commits; in the member's language.
 */
export function welcomeFirstSubscription(config: LetterConfig): EventConsumer<"MemberSubscribedEvent"> {
  return async (tx, event) => {
    const [member] = await tx
      .update(members)
      .set({ welcomedAt: sql`now()` })
      .where(and(eq(members.id, event.memberId), isNull(members.welcomedAt)))
      .returning({ firstName: members.firstName, email: members.email, language: members.language });
    if (!member) return;
    const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, event.planId));
    if (!plan) throw new Error(`plan ${event.planId} not found while welcoming`);
    const letter = await letterFor(tx, config, member);
    await enqueueMail(tx, {
      template: "welcome",
      to: member.email,
      dedupeKey: `welcome:${event.memberId}`,
      props: {
        ...letter,
        memberName: member.firstName,
        planName: plan.name,
        startsOn: localDate(new Date(event.startedAt), letter.timeZone),
        endsOn: localDate(new Date(event.endsAt), letter.timeZone),
      },
    });
  };
}
