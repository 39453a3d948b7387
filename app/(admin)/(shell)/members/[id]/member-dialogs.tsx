"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useConsoleApi } from "@/console/api-client";
import type { MemberRecord, MemberStatus } from "@/console/club-api";
import { MEMBER_STATUSES } from "@/console/format";
import { ConfirmDialog, FormDialog } from "@/console/ui/dialog";
import { TextAreaField, textOf, useFormMutation } from "@/console/ui/forms";

const STATUS_LABELS = { reason: "Reason" };

/**
 * Staff suspend a member, or lift a suspension; the other statuses follow the member's subscriptions
 * (docs/console.md, "Member statuses"). Lifting gives the member the status their subscriptions give.
 */
export function StatusDialog({
  member,
  onClose,
  onDone,
}: {
  member: MemberRecord;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const api = useConsoleApi();
  const lifting = member.status === "suspended";
  const form = useFormMutation(
    (change: { status: MemberStatus; reason?: string }) => api.members.changeStatus(member.id, change),
    {
      codeFields: { "Member.InvalidStatusTransition": "reason" },
      onSuccess: (changed) =>
        onDone(`${changed.fullName} is now ${MEMBER_STATUSES[changed.status].label.toLowerCase()}.`),
    },
  );
  return (
    <FormDialog
      title={lifting ? `Lift the suspension of ${member.fullName}` : `Suspend ${member.fullName}`}
      labels={STATUS_LABELS}
      form={form}
      onClose={onClose}
      submitLabel={lifting ? "Lift suspension" : "Suspend"}
      onSubmit={(data) =>
        form.submit({ status: lifting ? "active" : "suspended", reason: textOf(data, "reason") || undefined })
      }
    >
      <p className="dialog-body">
        {lifting
          ? "They get the status their subscriptions give: active with a subscription in force, else inactive or expired."
          : "A suspended member cannot subscribe and is not renewed; their subscription in force stays."}
      </p>
      <TextAreaField
        name="reason"
        rows={2}
        maxLength={500}
        hint={lifting ? "Optional. Kept in the audit trail." : "Required. Kept in the audit trail."}
      />
    </FormDialog>
  );
}

/** Deletes the member (kept for the records, gone from every list), then returns to the list. */
export function DeleteMemberDialog({ member, onClose }: { member: MemberRecord; onClose: () => void }) {
  const api = useConsoleApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  // The lists and statistics are out of date: they load again when shown (this page stops asking for the member).
  const leave = async () => {
    await queryClient.invalidateQueries({ queryKey: ["members"], refetchType: "none" });
    router.replace("/members");
  };
  return (
    <ConfirmDialog
      title={`Delete ${member.fullName}?`}
      run={() => api.members.remove(member.id, member.version)}
      onSuccess={leave}
      holdAfterSuccess
      onClose={onClose}
      submitLabel="Delete member"
      pendingLabel="Deleting…"
      variant="danger"
    >
      {member.currentSubscription ? (
        <p className="notice notice-warn">
          {member.fullName} has an active subscription ({member.currentSubscription.planName}). A member with an active
          subscription cannot be deleted: cancel it first.
        </p>
      ) : (
        <p>
          They disappear from the lists, statistics and exports, and their email can be used again. Their subscription
          history is kept.
        </p>
      )}
    </ConfirmDialog>
  );
}
