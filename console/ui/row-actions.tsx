import type { ReactNode } from "react";

const TONES = { plain: "", primary: " button-primary", danger: " button-danger-quiet" } as const;

/**
 * One of a row's action buttons: its visible word is short ("Edit"), its accessible name says which row it acts on
 * ("Edit Gold"), so a screen reader's list of buttons is not a column of identical "Edit"s.
 */
export function RowAction({
  label,
  name,
  onClick,
  tone = "plain",
  disabled,
  title,
}: {
  label: string;
  name: string;
  onClick: () => void;
  tone?: keyof typeof TONES;
  disabled?: boolean;
  /** Why a disabled action cannot be used. */
  title?: string;
}) {
  return (
    <button
      type="button"
      className={`button button-small${TONES[tone]}`}
      aria-label={name}
      disabled={disabled}
      title={title}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

/** Column headings whose last, the row actions', is left to screen readers when the reader has no action to take. */
export function withActionsHeading(columns: readonly string[], hasActions: boolean): ReactNode[] {
  return columns.map((column, index) =>
    index === columns.length - 1 && !hasActions ? (
      <span key="actions" className="visually-hidden">
        {column}
      </span>
    ) : (
      column
    ),
  );
}
