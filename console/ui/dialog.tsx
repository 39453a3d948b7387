"use client";

import "client-only";

import { useTranslations } from "next-intl";

import { type ReactNode, useEffect, useId, useRef } from "react";
import { ConsoleForm, type FormFailure, SubmitButton, useFormMutation } from "./forms";

/**
 * A modal dialog on the native <dialog>: focus moves in and is trapped, Escape closes it and focus
 * returns to the control that opened it. Mount it to open it; `onClose` unmounts it.
 */
export function Dialog({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const t = useTranslations("common");
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
        <button type="button" className="icon-button" aria-label={t("close")} onClick={onClose}>
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}

/** The buttons at a form dialog's foot. */
type DialogButtons = {
  submitLabel: string;
  pendingLabel?: string;
  /** The button that closes the dialog without submitting, when "Cancel" would be ambiguous. */
  dismissLabel?: string;
  variant?: "primary" | "danger";
};

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
  dismissLabel,
  variant,
  children,
}: DialogButtons & {
  title: string;
  wide?: boolean;
  labels?: Readonly<Record<string, string>>;
  /** The submission's state, from useFormMutation. */
  form: { failure: FormFailure | null; pending: boolean };
  onSubmit: (data: FormData) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useTranslations("common");
  return (
    <Dialog title={title} onClose={onClose} wide={wide}>
      <ConsoleForm labels={labels} failure={form.failure} onSubmit={onSubmit}>
        {children}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {dismissLabel ?? t("cancel")}
          </button>
          <SubmitButton pending={form.pending} pendingLabel={pendingLabel} variant={variant}>
            {submitLabel}
          </SubmitButton>
        </div>
      </ConsoleForm>
    </Dialog>
  );
}

/** A dialog that asks for a yes before one call; its failure shows above the buttons. */
export function ConfirmDialog<Output>({
  title,
  run,
  onSuccess,
  holdAfterSuccess,
  onClose,
  children,
  ...buttons
}: DialogButtons & {
  title: string;
  run: () => Promise<Output>;
  onSuccess: (output: Output) => unknown;
  /** Keep the button pending after success, while the page navigates away. */
  holdAfterSuccess?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const form = useFormMutation(run, { onSuccess, holdAfterSuccess });
  return (
    <FormDialog title={title} form={form} onClose={onClose} onSubmit={() => form.submit(undefined)} {...buttons}>
      <div className="dialog-body">{children}</div>
    </FormDialog>
  );
}
