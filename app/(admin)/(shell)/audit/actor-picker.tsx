"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type KeyboardEvent, useId, useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { AuditActorChoice } from "@/console/club-api";
import { useDebounced } from "@/console/ui/list-page";
import styles from "./audit.module.css";

export type ChosenActor = Pick<AuditActorChoice, "id" | "name">;

/**
 * The actor filter: a combobox (WAI-ARIA 1.2, list autocomplete) over the people the trail may name, searched by
 * name or email as one types. Arrow keys move through the suggestions, Enter picks, Escape closes.
 */
export function ActorPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ChosenActor | null;
  onChange: (actor: ChosenActor | null) => void;
}) {
  const t = useTranslations("audit.actorPicker");
  const api = useConsoleApi();
  const id = useId();
  const listId = `${id}-people`;
  const [typed, setTyped] = useState(value?.name ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useDebounced(typed.trim(), 250);
  const people = useQuery({
    queryKey: ["audit-log-actors", search],
    queryFn: () => api.auditLogs.actors(search),
    enabled: open,
    staleTime: 30_000,
  });
  const options = people.data?.items ?? [];

  const choose = (actor: AuditActorChoice | null) => {
    onChange(actor && { id: actor.id, name: actor.name });
    setTyped(actor?.name ?? "");
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (options.length === 0 ? 0 : (current + step + options.length) % options.length));
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      const picked = options[active];
      if (picked) choose(picked);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const activeOption = open && options[active] ? `${listId}-${options[active].id}` : undefined;
  return (
    <div className={`field ${styles.picker}`}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.pickerBox}>
        <input
          id={id}
          className="input"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption}
          autoComplete="off"
          placeholder={t("placeholder")}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setActive(0);
            setOpen(true);
            if (event.target.value === "") onChange(null);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            // Typing without picking someone does not filter: the box shows the person chosen, if any.
            setTyped(value?.name ?? "");
          }}
          onKeyDown={onKeyDown}
        />
        {value && (
          <button type="button" className={`link-button ${styles.pickerClear}`} onClick={() => choose(null)}>
            {t("clear")}
          </button>
        )}
        <div className={styles.pickerPopup} hidden={!open}>
          {people.isPending && <p className="muted">{t("loading")}</p>}
          {people.isSuccess && options.length === 0 && <p className="muted">{t("noMatch", { search })}</p>}
          <div id={listId} role="listbox" aria-label={label} className={styles.pickerList}>
            {options.map((person, index) => (
              <div
                key={person.id}
                id={`${listId}-${person.id}`}
                role="option"
                tabIndex={-1}
                aria-selected={index === active}
                className={styles.pickerOption}
                // Picked on mouse down, before the box's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(person);
                }}
              >
                <span>{person.name}</span>
                <span className={`cell-secondary ${styles.email}`}>{person.email}</span>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
