"use client";

import "client-only";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import {
  type ComponentProps,
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  use,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { ApiError, type FieldErrors } from "@/console/transport";

/** What a form shows after a failed submit: one message, and messages per field. */
/** `code`: the API's error code, if any (`Precondition.Failed` when the record changed meanwhile). */
export type FormFailure = { message: string; fields: FieldErrors; code?: string | null };

/** Failures the console finds itself, before or without an answer of the API; messages/<language>/errors.json words them. */
const UNEXPECTED = "Console.Unexpected";
const REQUIRED = "Required.";
const SAME_TWICE = "Type the same password twice.";
const CONSOLE_FIELD_MESSAGES = { [REQUIRED]: "required", [SAME_TWICE]: "sameTwice" } as const;

/**
 * What a failure says in the reader's language: the translation of its code when there is one (the API's messages are
 * English), else the message as it came.
 */
export function useFailureText(): (failure: Pick<FormFailure, "message" | "code">) => string {
  const t = useTranslations("errors");
  return ({ message, code }) => {
    const key = code ?? "";
    return /^[A-Za-z]+\.[A-Za-z]+$/.test(key) && t.has(key as never) ? t(key as never) : message;
  };
}

/** A field's message in the reader's language: the console's own ones are translated, the API's shown as they come. */
function useFieldErrorText(): (message: string) => string {
  const t = useTranslations("errors.fields");
  return (message) =>
    message in CONSOLE_FIELD_MESSAGES
      ? t(CONSOLE_FIELD_MESSAGES[message as keyof typeof CONSOLE_FIELD_MESSAGES])
      : message;
}

/**
 * A failed call in a form's terms. `codeFields` ties business errors that are about one field
 * (User.DuplicateEmail → email) to it, so the message also appears beside that field.
 */
export function formFailureOf(error: unknown, codeFields: Readonly<Record<string, string>> = {}): FormFailure {
  if (!(error instanceof ApiError))
    return { message: "Something went wrong. Try again.", fields: {}, code: UNEXPECTED };
  const field = error.code ? codeFields[error.code] : undefined;
  return {
    message: error.message,
    fields: field ? { ...error.fieldErrors, [field]: [error.message] } : error.fieldErrors,
    code: error.code,
  };
}

/**
 * A form's submission: pending while the call runs (and, with `holdAfterSuccess`, while the page
 * navigates away after it), the failure to show, and `refuse` for checks made before calling.
 */
export function useFormMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  options: {
    onSuccess?: (output: Output, input: Input) => unknown;
    codeFields?: Readonly<Record<string, string>>;
    holdAfterSuccess?: boolean;
    /** A check made before calling, for what the API would refuse anyway; its failure is shown instead. */
    precheck?: (input: Input) => FormFailure | null;
  } = {},
) {
  const [refusal, setRefusal] = useState<FormFailure | null>(null);
  const mutation = useMutation({ mutationFn, onSuccess: options.onSuccess });
  const { codeFields, precheck } = options;
  const failure = useMemo(
    () => refusal ?? (mutation.error ? formFailureOf(mutation.error, codeFields) : null),
    [refusal, mutation.error, codeFields],
  );
  return {
    pending: mutation.isPending || (options.holdAfterSuccess === true && mutation.isSuccess),
    failure,
    /** What the last successful call answered. */
    result: mutation.data,
    succeeded: mutation.isSuccess,
    submit: (input: Input) => {
      const refused = precheck?.(input) ?? null;
      if (refused) mutation.reset();
      else mutation.mutate(input);
      setRefusal(refused);
    },
    refuse: (reason: FormFailure) => {
      mutation.reset();
      setRefusal(reason);
    },
  };
}

type FormContextValue = { id: string; labels: Readonly<Record<string, string>>; failure: FormFailure | null };
const FormContext = createContext<FormContextValue | null>(null);

function useFormContext(): FormContextValue {
  const context = use(FormContext);
  if (!context) throw new Error("form fields belong inside <ConsoleForm>");
  return context;
}

const controlId = (formId: string, name: string) => `${formId}-${name}`;

function ErrorSummary({ failure }: { failure: FormFailure }) {
  const { id, labels } = useFormContext();
  const ref = useRef<HTMLDivElement>(null);
  // Move focus to the summary so keyboard and screen-reader users start from what went wrong.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new failure moves the focus again, though the effect does not read it
  useEffect(() => ref.current?.focus(), [failure]);
  const failureText = useFailureText();
  const fieldText = useFieldErrorText();
  const entries = Object.entries(failure.fields).flatMap(([name, messages]) =>
    messages.map((message) => ({ name, message })),
  );
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref}>
      <p className="error-summary-title">{failureText(failure)}</p>
      {entries.length > 0 && (
        <ul>
          {entries.map(({ name, message }) => (
            <li key={`${name}:${message}`}>
              {labels[name] ? (
                <a href={`#${controlId(id, name)}`}>{`${labels[name]}: ${fieldText(message)}`}</a>
              ) : (
                fieldText(message)
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * A form whose fields take their labels from `labels` (one place per form) and their errors from
 * `failure`; the error summary leads the form. Browser validation is off: the API's messages are the rules.
 */
export function ConsoleForm({
  labels,
  failure,
  onSubmit,
  children,
  className,
}: {
  labels: Readonly<Record<string, string>>;
  failure: FormFailure | null;
  onSubmit: (data: FormData) => void;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <FormContext value={{ id, labels, failure }}>
      <form
        noValidate
        className={className ? `form ${className}` : "form"}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(new FormData(event.currentTarget));
        }}
      >
        {failure && <ErrorSummary failure={failure} />}
        {children}
      </form>
    </FormContext>
  );
}

function FieldErrorList({ id, errors }: { id: string; errors: readonly string[] }) {
  const fieldText = useFieldErrorText();
  return (
    <ul id={id} className="field-error">
      {errors.map((message) => (
        <li key={message}>{fieldText(message)}</li>
      ))}
    </ul>
  );
}

type ControlAttributes = {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};
type FieldProps = { name: string; hint?: ReactNode };

function Field({ name, hint, children }: FieldProps & { children: (control: ControlAttributes) => ReactNode }) {
  const { id: formId, labels, failure } = useFormContext();
  const id = controlId(formId, name);
  const errors = failure?.fields[name] ?? [];
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={errorId ? "field field-invalid" : "field"}>
      <label htmlFor={id}>{labels[name] ?? name}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children({ id, name, "aria-invalid": errorId ? true : undefined, "aria-describedby": describedBy })}
      {errorId && <FieldErrorList id={errorId} errors={errors} />}
    </div>
  );
}

export function TextField({
  name,
  hint,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id">) {
  return (
    <Field name={name} hint={hint}>
      {(control) => <input className="input" {...input} {...control} />}
    </Field>
  );
}

export function TextAreaField({
  name,
  hint,
  ...area
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">) {
  return (
    <Field name={name} hint={hint}>
      {(control) => <textarea className="input" {...area} {...control} />}
    </Field>
  );
}

/** The options of a select. */
export function OptionList({ options }: { options: readonly { value: string; label: string }[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

export function SelectField({
  name,
  hint,
  options,
  ...select
}: FieldProps & { options: readonly { value: string; label: string }[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    "name" | "id"
  >) {
  return (
    <Field name={name} hint={hint}>
      {(control) => (
        <select className="input" {...select} {...control}>
          <OptionList options={options} />
        </select>
      )}
    </Field>
  );
}

/** A fieldset for a group of choices submitted under one name; its errors show at its foot. */
export function ChoiceFieldset({
  name,
  hint,
  className,
  children,
}: FieldProps & { className?: string; children: ReactNode }) {
  const { id: formId, labels, failure } = useFormContext();
  const id = controlId(formId, name);
  const errors = failure?.fields[name] ?? [];
  const classes = ["field", "checkbox-group", className, errors.length > 0 && "field-invalid"]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      className={classes}
      id={id}
      tabIndex={-1}
      aria-describedby={errors.length > 0 ? `${id}-error` : undefined}
    >
      <legend>{labels[name] ?? name}</legend>
      {hint && <p className="field-hint">{hint}</p>}
      {children}
      {errors.length > 0 && <FieldErrorList id={`${id}-error`} errors={errors} />}
    </fieldset>
  );
}

/** A checkbox with a label and, optionally, a line that explains it. */
export function Checkbox({
  label,
  description,
  ...input
}: { label: string; description?: string } & Omit<ComponentProps<"input">, "type">) {
  return (
    <label className="checkbox">
      <input type="checkbox" {...input} />
      <span>
        {label}
        {description && <span className="checkbox-description">{description}</span>}
      </span>
    </label>
  );
}

/** Checkboxes submitted under one name. */
export function CheckboxGroup({
  name,
  options,
  defaultChecked,
  hint,
}: FieldProps & {
  options: readonly { value: string; label: string; description?: string }[];
  defaultChecked: readonly string[];
}) {
  return (
    <ChoiceFieldset name={name} hint={hint}>
      <div className="checkbox-list">
        {options.map((option) => (
          <Checkbox
            key={option.value}
            name={name}
            value={option.value}
            label={option.label}
            description={option.description}
            defaultChecked={defaultChecked.includes(option.value)}
          />
        ))}
      </div>
    </ChoiceFieldset>
  );
}

/** Disabled and saying so while the form is being sent. */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
  variant = "primary",
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel?: string;
  variant?: "primary" | "danger";
}) {
  const t = useTranslations("common");
  return (
    <button type="submit" className={`button button-${variant}`} disabled={pending} aria-busy={pending || undefined}>
      {pending ? (pendingLabel ?? t("saving")) : children}
    </button>
  );
}

/** The value of a text control, trimmed; FormData holds strings for them. */
export function textOf(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** The raw value of a password control: passwords are never trimmed. */
export function secretOf(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === "string" ? value : "";
}

/** Field errors for required controls left empty, checked before a call the API would refuse anyway. */
export function missingFields(data: FormData, names: readonly string[]): FormFailure | null {
  const missing = names.filter((name) => secretOf(data, name).trim() === "");
  if (missing.length === 0) return null;
  return {
    message: "Some details are missing.",
    code: "Console.MissingFields",
    fields: Object.fromEntries(missing.map((name) => [name, [REQUIRED]])),
  };
}

/** A new password and its confirmation; the hint states the stored password policy. */
export function NewPasswordFields({ name, confirmation, hint }: { name: string; confirmation: string; hint: string }) {
  return (
    <>
      <TextField name={name} type="password" autoComplete="new-password" hint={hint} />
      <TextField name={confirmation} type="password" autoComplete="new-password" />
    </>
  );
}

/** Checks before sending a form that sets a password: nothing required is empty, and the confirmation matches. */
export function newPasswordRefusal(
  data: FormData,
  required: readonly string[],
  field: string,
  confirmation: string,
): FormFailure | null {
  const missing = missingFields(data, required);
  if (missing || secretOf(data, field) === secretOf(data, confirmation)) return missing;
  return {
    message: "The passwords do not match.",
    code: "Console.PasswordMismatch",
    fields: { [confirmation]: [SAME_TWICE] },
  };
}

/** What a form that sets a password needs of its submission (`useFormMutation` taking the new password). */
type PasswordSubmission = {
  failure: FormFailure | null;
  pending: boolean;
  submit: (password: string) => void;
  refuse: (reason: FormFailure) => void;
};

/**
 * The form of a page that sets a password from an emailed link (a reset, an invitation): the password twice, checked
 * here before the submission is called with it.
 */
export function NewPasswordForm({
  form,
  labels,
  hint,
  submitLabel,
  pendingLabel,
}: {
  form: PasswordSubmission;
  labels: { newPassword: string; confirmPassword: string };
  hint: string;
  submitLabel: string;
  pendingLabel?: string;
}) {
  return (
    <ConsoleForm
      labels={labels}
      failure={form.failure}
      onSubmit={(data) => {
        const refusal = newPasswordRefusal(data, Object.keys(labels), "newPassword", "confirmPassword");
        if (refusal) return form.refuse(refusal);
        form.submit(secretOf(data, "newPassword"));
      }}
    >
      <NewPasswordFields name="newPassword" confirmation="confirmPassword" hint={hint} />
      <SubmitButton pending={form.pending} pendingLabel={pendingLabel}>
        {submitLabel}
      </SubmitButton>
    </ConsoleForm>
  );
}
