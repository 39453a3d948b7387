"use client";

import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { HolidayListRow } from "@/console/club-api";
import { formatCount } from "@/console/format";
import { WEEKDAYS } from "@/console/ui/attendance-format";
import { EmptyState } from "@/console/ui/feedback";
import {
  PagedTable,
  PageHeader,
  SearchField,
  useDebounced,
  useListDialogs,
  usePagedQuery,
} from "@/console/ui/list-page";
import { DeleteHolidayListDialog, HolidayListEditor } from "./holiday-list-editor";

type OpenDialog =
  | { kind: "create" }
  | { kind: "edit"; list: HolidayListRow }
  | { kind: "delete"; list: HolidayListRow };

const PAGE_SIZE = 20;

function WeeklyOffDays({ days }: { days: readonly number[] }) {
  if (days.length === 0) return <span className="muted">None</span>;
  return (
    <span className="chips">
      {WEEKDAYS.filter((weekday) => days.includes(weekday.value)).map((weekday) => (
        <abbr key={weekday.value} className="chip" title={weekday.label}>
          {weekday.short}
        </abbr>
      ))}
    </span>
  );
}

export function HolidayListsConsole({ canWrite }: { canWrite: boolean }) {
  const api = useConsoleApi();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim(), 300);
  // Employees show their list's name: a rename reaches them too.
  const dialogs = useListDialogs<OpenDialog>([["holiday-lists"], ["employees"]]);
  const { dialog, close, done } = dialogs;
  const [lists, setPageNumber] = usePagedQuery(["holiday-lists", { search }], (pageNumber) =>
    api.holidayLists.list({
      search: search || undefined,
      pageNumber,
      pageSize: PAGE_SIZE,
      orderBy: "name",
      orderDirection: "asc",
    }),
  );

  return (
    <>
      <PageHeader
        title="Holiday lists"
        lead="Which days are not working days: weekly days off and dated holidays. Each employee follows at most one list."
        create={canWrite ? { label: "New holiday list", onClick: () => dialogs.open({ kind: "create" }) } : undefined}
      />
      {dialogs.notice}

      <search className="toolbar">
        <SearchField id="holiday-list-search" placeholder="Name" value={searchText} onChange={setSearchText} />
      </search>

      <PagedTable
        label="Holiday lists"
        noun={{ one: "holiday list", other: "holiday lists" }}
        query={lists}
        onPage={setPageNumber}
        headers={[
          "Name",
          "Weekly days off",
          "Holidays",
          "Employees",
          canWrite ? (
            "Actions"
          ) : (
            <span key="actions" className="visually-hidden">
              Actions
            </span>
          ),
        ]}
        empty={
          <EmptyState title={search ? "No holiday lists match" : "No holiday lists yet"}>
            <p>
              {search
                ? "Try another name."
                : "Create one with the club's weekly days off and public holidays, then choose it for each employee."}
            </p>
          </EmptyState>
        }
        row={(list) => (
          <tr key={list.id}>
            <td className="cell-primary">{list.name}</td>
            <td>
              <WeeklyOffDays days={list.weeklyOffDays} />
            </td>
            <td className="cell-number">{formatCount(list.entryCount)}</td>
            <td className="cell-number">{formatCount(list.employeeCount)}</td>
            <td>
              {canWrite && (
                <div className="cell-actions">
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Edit holiday list ${list.name}`}
                    onClick={() => dialogs.open({ kind: "edit", list })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button-small button-danger-quiet"
                    aria-label={`Delete holiday list ${list.name}`}
                    onClick={() => dialogs.open({ kind: "delete", list })}
                  >
                    Delete
                  </button>
                </div>
              )}
            </td>
          </tr>
        )}
      />

      {dialog?.kind === "create" && <HolidayListEditor listId={null} onClose={close} onDone={done} />}
      {dialog?.kind === "edit" && <HolidayListEditor listId={dialog.list.id} onClose={close} onDone={done} />}
      {dialog?.kind === "delete" && <DeleteHolidayListDialog list={dialog.list} onClose={close} onDone={done} />}
    </>
  );
}
