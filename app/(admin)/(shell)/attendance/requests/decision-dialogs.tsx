"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useConsoleApi } from "@/console/api-client";
import type { AttendanceRequest } from "@/console/club-api";
import { ApiError } from "@/console/transport";
import { ConfirmDialog, FormDialog } from "@/console/ui/dialog";
import { TextAreaField, textOf, useFormMutation } from "@/console/ui/forms";
import { useAttendanceFormat } from "@/console/ui/use-attendance-format";
import { RequestedTimes } from "../my-attendance";

const ALREADY_DECIDED = "AlreadyDecided";

export const employeeName = (request: AttendanceRequest) =>
  `${request.employee.firstName} ${request.employee.lastName}`;

/**
 * A decision call that, when another manager decided first (409 AlreadyDecided), reloads the lists so
 * they show that decision, and says so.
 */
function useDecision<Args extends unknown[]>(decide: (...args: Args) => Promise<AttendanceRequest>) {
  const t = useTranslations("attendance.decide");
  const queryClient = useQueryClient();
  return async (...args: Args) => {
    try {
      return await decide(...args);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== ALREADY_DECIDED) throw error;
      void queryClient.invalidateQueries({ queryKey: ["attendance"] });
      // No code: the console shows these words, which say what the list now does, rather than the code's.
      throw new ApiError(error.status, null, t("alreadyDecided"));
    }
  };
}

function RequestSummary({ request }: { request: AttendanceRequest }) {
  const t = useTranslations("attendance.decide");
  const format = useAttendanceFormat();
  return (
    <dl className="definition-list request-summary">
      <dt>{t("employee")}</dt>
      <dd>{employeeName(request)}</dd>
      <dt>{t("day")}</dt>
      <dd>{format.longDate(request.date)}</dd>
      <dt>{t("times")}</dt>
      <dd>
        <RequestedTimes request={request} />
      </dd>
      <dt>{t("reason")}</dt>
      <dd className="pre-line">{request.reason}</dd>
    </dl>
  );
}

type DialogProps = {
  request: AttendanceRequest;
  onClose: () => void;
  onDone: (notice: string) => void;
};

export function ApproveDialog({ request, onClose, onDone }: DialogProps) {
  const t = useTranslations("attendance");
  const format = useAttendanceFormat();
  const api = useConsoleApi();
  const approve = useDecision(() => api.attendanceRequests.approve(request.id));
  return (
    <ConfirmDialog
      title={t("decide.approveTitle")}
      run={approve}
      onSuccess={(approved) =>
        onDone(t("decide.approved", { name: employeeName(approved), date: format.longDate(approved.date) }))
      }
      onClose={onClose}
      submitLabel={t("queue.approve")}
      pendingLabel={t("decide.approving")}
    >
      <RequestSummary request={request} />
      <p>{t("decide.approveText", { name: request.employee.firstName })}</p>
    </ConfirmDialog>
  );
}

export function RejectDialog({ request, onClose, onDone }: DialogProps) {
  const t = useTranslations("attendance");
  const format = useAttendanceFormat();
  const api = useConsoleApi();
  const reject = useDecision((reason: string) => api.attendanceRequests.reject(request.id, { reason }));
  const form = useFormMutation(reject, {
    onSuccess: (rejected) =>
      onDone(t("decide.rejected", { name: employeeName(rejected), date: format.longDate(rejected.date) })),
  });
  return (
    <FormDialog
      title={t("decide.rejectTitle")}
      labels={{ reason: t("decide.reason") }}
      form={form}
      onClose={onClose}
      submitLabel={t("queue.reject")}
      pendingLabel={t("decide.rejecting")}
      variant="danger"
      onSubmit={(data) => form.submit(textOf(data, "reason"))}
    >
      <div className="dialog-body">
        <RequestSummary request={request} />
      </div>
      <TextAreaField name="reason" rows={3} maxLength={500} hint={t("decide.rejectHint")} />
    </FormDialog>
  );
}
