"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useConsoleApi } from "@/console/api-client";
import type { MemberRecord, MemberStatus } from "@/console/club-api";
import { MEMBER_STATUSES } from "@/console/format";
import { ConfirmDialog, FormDialog } from "@/console/ui/dialog";
import { SelectField, TextAreaField, textOf, useFormMutation } from "@/console/ui/forms";

/** The statuses staff set; `expired` is the expiry job's alone. */
const STAFF_STATUSES = [
  { value: "active", label: "Active: in good standing" },
  { value: "inactive", label: "Inactive: left or paused" },
  { value: "suspended", label: "Suspended: barred, cannot subscribe" },
] as const satisfies readonly { value: MemberStatus; label: string }[];
type StaffStatus = (typeof STAFF_STATUSES)[number]["value"];

const STATUS_LABELS = { status: "New status", reason: "Reason" };

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
  const form = useFormMutation(
    (change: { status: StaffStatus; reason?: string }) => api.members.changeStatus(member.id, change),
    {
      codeFields: { "Member.InvalidStatusTransition": "status" },
      onSuccess: (changed) =>
        onDone(`${changed.fullName} is now ${MEMBER_STATUSES[changed.status].label.toLowerCase()}.`),
    },
  );
  return (
    <FormDialog
      title={`Change the status of ${member.fullName}`}
      labels={STATUS_LABELS}
      form={form}
      onClose={onClose}
      submitLabel="Change status"
      onSubmit={(data) =>
        form.submit({
          status: STAFF_STATUSES.find((option) => option.value === textOf(data, "status"))?.value ?? "active",
          reason: textOf(data, "reason") || undefined,
        })
      }
    >
      <p className="dialog-body">Now {MEMBER_STATUSES[member.status].label.toLowerCase()}.</p>
      <SelectField
        name="status"
        options={STAFF_STATUSES}
        defaultValue={member.status === "expired" ? "active" : member.status}
      />
      <TextAreaField name="reason" rows={2} maxLength={500} hint="Required to suspend. Kept in the audit trail." />
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
