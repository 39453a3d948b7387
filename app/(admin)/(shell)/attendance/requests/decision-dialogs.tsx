"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useConsoleApi } from "@/console/api-client";
import type { AttendanceRequest } from "@/console/club-api";
import { ApiError } from "@/console/transport";
import { formatLongDate } from "@/console/ui/attendance-format";
import { ConfirmDialog, FormDialog } from "@/console/ui/dialog";
import { TextAreaField, textOf, useFormMutation } from "@/console/ui/forms";
import { RequestedTimes } from "../my-attendance";

const ALREADY_DECIDED = "AlreadyDecided";

export const employeeName = (request: AttendanceRequest) =>
  `${request.employee.firstName} ${request.employee.lastName}`;

/**
 * A decision call that, when another manager decided first (409 AlreadyDecided), reloads the lists so
 * they show that decision, and says so.
 */
function useDecision<Args extends unknown[]>(decide: (...args: Args) => Promise<AttendanceRequest>) {
  const queryClient = useQueryClient();
  return async (...args: Args) => {
    try {
      return await decide(...args);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== ALREADY_DECIDED) throw error;
      void queryClient.invalidateQueries({ queryKey: ["attendance"] });
      throw new ApiError(
        error.status,
        error.code,
        `${error.message} Someone decided it meanwhile; the list now shows the decision.`,
      );
    }
  };
}

function RequestSummary({ request, timeZone }: { request: AttendanceRequest; timeZone: string }) {
  return (
    <dl className="definition-list request-summary">
      <dt>Employee</dt>
      <dd>{employeeName(request)}</dd>
      <dt>Day</dt>
      <dd>{formatLongDate(request.date)}</dd>
      <dt>Times</dt>
      <dd>
        <RequestedTimes request={request} timeZone={timeZone} />
      </dd>
      <dt>Reason</dt>
      <dd className="pre-line">{request.reason}</dd>
    </dl>
  );
}

type DialogProps = {
  request: AttendanceRequest;
  timeZone: string;
  onClose: () => void;
  onDone: (notice: string) => void;
};

export function ApproveDialog({ request, timeZone, onClose, onDone }: DialogProps) {
  const api = useConsoleApi();
  const approve = useDecision(() => api.attendanceRequests.approve(request.id));
  return (
    <ConfirmDialog
      title="Approve the correction?"
      run={approve}
      onSuccess={(approved) =>
        onDone(`Approved: ${employeeName(approved)}'s ${formatLongDate(approved.date)} now uses the requested times.`)
      }
      onClose={onClose}
      submitLabel="Approve"
      pendingLabel="Approving…"
    >
      <RequestSummary request={request} timeZone={timeZone} />
      <p>
        The day is classified again from these times and marked as corrected; the nightly job leaves it as it is from
        then on.
      </p>
    </ConfirmDialog>
  );
}

const REJECT_LABELS = { reason: "Reason" };

export function RejectDialog({ request, timeZone, onClose, onDone }: DialogProps) {
  const api = useConsoleApi();
  const reject = useDecision((reason: string) => api.attendanceRequests.reject(request.id, { reason }));
  const form = useFormMutation(reject, {
    onSuccess: (rejected) =>
      onDone(
        `Rejected: ${employeeName(rejected)}'s request for ${formatLongDate(rejected.date)}. The day is unchanged.`,
      ),
  });
  return (
    <FormDialog
      title="Reject the correction?"
      labels={REJECT_LABELS}
      form={form}
      onClose={onClose}
      submitLabel="Reject"
      pendingLabel="Rejecting…"
      variant="danger"
      onSubmit={(data) => form.submit(textOf(data, "reason"))}
    >
      <div className="dialog-body">
        <RequestSummary request={request} timeZone={timeZone} />
      </div>
      <TextAreaField
        name="reason"
        rows={3}
        maxLength={500}
        hint="Required. The employee sees it with the decision; the day stays as recorded."
      />
    </FormDialog>
  );
}
