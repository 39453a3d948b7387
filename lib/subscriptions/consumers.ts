import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import type { EventConsumer } from "@/lib/events/dispatcher";
import { enqueueMail } from "@/lib/mail/outbox";
import { localDate } from "@/lib/platform/calendar";
import { members, plans } from "@/lib/platform/db/schema";
import { clubNameOf } from "@/lib/settings/platform-settings";

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

/** A member who enrols gets a welcome email; queued with the enrolment, so it is sent only if the enrolment commits. */
export function welcomeOnEnrollment(timeZone: string): EventConsumer<"MemberSubscribedEvent"> {
  return async (tx, event) => {
    if (event.source !== "enrollment") return;
    const [details] = await tx
      .select({ firstName: members.firstName, email: members.email, planName: plans.name })
      .from(members)
      .innerJoin(plans, eq(plans.id, event.planId))
      .where(eq(members.id, event.memberId));
    if (!details) throw new Error(`member ${event.memberId} not found while welcoming`);
    await enqueueMail(tx, {
      template: "welcome",
      to: details.email,
      dedupeKey: `welcome:${event.subscriptionId}`,
      props: {
        memberName: details.firstName,
        planName: details.planName,
        startsOn: localDate(new Date(event.startedAt), timeZone),
        endsOn: localDate(new Date(event.endsAt), timeZone),
        clubName: await clubNameOf(tx),
      },
    });
  };
}
