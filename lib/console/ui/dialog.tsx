"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { ConsoleForm, SubmitButton, type FormFailure } from "./forms";

/**
 * A modal dialog on the native <dialog>: focus moves in and is trapped, Escape closes it and focus
 * returns to the control that opened it. Mount it to open it; `onClose` unmounts it.
 */
export function Dialog({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className={wide ? "dialog dialog-wide" : "dialog"} aria-labelledby={titleId} onClose={onClose}>
      <div className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}

/** A dialog holding one form, with Cancel and the submit button at its foot. */
export function FormDialog({
  title,
  wide,
  labels = {},
  form,
  onSubmit,
  onClose,
  submitLabel,
  pendingLabel,
  variant,
  children,
}: {
  title: string;
  wide?: boolean;
  labels?: Readonly<Record<string, string>>;
  /** The submission's state, from useFormMutation. */
  form: { failure: FormFailure | null; pending: boolean };
  onSubmit: (data: FormData) => void;
  onClose: () => void;
  submitLabel: string;
  pendingLabel?: string;
  variant?: "primary" | "danger";
  children: ReactNode;
}) {
  return (
    <Dialog title={title} onClose={onClose} wide={wide}>
      <ConsoleForm labels={labels} failure={form.failure} onSubmit={onSubmit}>
        {children}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <SubmitButton pending={form.pending} pendingLabel={pendingLabel} variant={variant}>
            {submitLabel}
          </SubmitButton>
        </div>
      </ConsoleForm>
    </Dialog>
  );
}
