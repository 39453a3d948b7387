"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useConsoleApi } from "@/console/api-client";
import type { MemberRecord, MemberStatus } from "@/console/club-api";
import { ConfirmDialog, FormDialog } from "@/console/ui/dialog";
import { TextAreaField, textOf, useFormMutation } from "@/console/ui/forms";
import { useRememberDeleted } from "../deleted-notice";

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
  const t = useTranslations("members.statusDialog");
  const api = useConsoleApi();
  const lifting = member.status === "suspended";
  const form = useFormMutation(
    (change: { status: MemberStatus; reason?: string }) => api.members.changeStatus(member.id, change),
    {
      codeFields: { "Member.InvalidStatusTransition": "reason" },
      onSuccess: (changed) => onDone(t("changed", { name: changed.fullName, status: changed.status })),
    },
  );
  return (
    <FormDialog
      title={t(lifting ? "liftTitle" : "suspendTitle", { name: member.fullName })}
      labels={{ reason: t("reason") }}
      form={form}
      onClose={onClose}
      submitLabel={t(lifting ? "lift" : "suspend")}
      onSubmit={(data) =>
        form.submit({ status: lifting ? "active" : "suspended", reason: textOf(data, "reason") || undefined })
      }
    >
      <p className="dialog-body">{t(lifting ? "liftExplained" : "suspendExplained")}</p>
      <TextAreaField name="reason" rows={2} maxLength={500} hint={t(lifting ? "reasonOptional" : "reasonRequired")} />
    </FormDialog>
  );
}

/** Deletes the member (kept for the records, gone from every list), then returns to the list, which says so. */
export function DeleteMemberDialog({ member, onClose }: { member: MemberRecord; onClose: () => void }) {
  const t = useTranslations("members.deleteDialog");
  const api = useConsoleApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  const rememberDeleted = useRememberDeleted();
  // The lists and statistics are out of date: they load again when shown (this page stops asking for the member).
  const leave = async () => {
    rememberDeleted(member.fullName);
    await queryClient.invalidateQueries({ queryKey: ["members"], refetchType: "none" });
    router.replace("/members");
  };
  return (
    <ConfirmDialog
      title={t("title", { name: member.fullName })}
      run={() => api.members.remove(member.id, member.version)}
      onSuccess={leave}
      holdAfterSuccess
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      variant="danger"
    >
      {member.currentSubscription ? (
        <p className="notice notice-warn">
          {t("hasSubscription", { name: member.fullName, plan: member.currentSubscription.planName })}
        </p>
      ) : (
        <p>{t("consequences")}</p>
      )}
    </ConfirmDialog>
  );
}
