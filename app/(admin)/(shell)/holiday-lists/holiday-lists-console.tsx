"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { HolidayListRow } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { ISO_WEEKDAYS } from "@/console/ui/attendance-format";
import { EmptyState } from "@/console/ui/feedback";
import {
  PagedTable,
  PageHeader,
  SearchField,
  useDebounced,
  useListDialogs,
  usePagedQuery,
} from "@/console/ui/list-page";
import { RowAction } from "@/console/ui/row-actions";
import { useAttendanceFormat } from "@/console/ui/use-attendance-format";
import { DeleteHolidayListDialog, HolidayListEditor } from "./holiday-list-editor";
import { HolidayPresetDialog } from "./holiday-preset-dialog";

type OpenDialog =
  | { kind: "create" }
  | { kind: "edit"; list: HolidayListRow }
  | { kind: "delete"; list: HolidayListRow }
  | { kind: "presets"; list: HolidayListRow };

const PAGE_SIZE = 20;

function WeeklyOffDays({ days }: { days: readonly number[] }) {
  const t = useTranslations("holidayLists");
  const format = useAttendanceFormat();
  if (days.length === 0) return <span className="muted">{t("none")}</span>;
  return (
    <span className="chips">
      {ISO_WEEKDAYS.filter((weekday) => days.includes(weekday)).map((weekday) => (
        <abbr key={weekday} className="chip" title={format.weekday(weekday, "long")}>
          {format.weekday(weekday, "short")}
        </abbr>
      ))}
    </span>
  );
}

/** Says so when no list is the club's default: employees without their own then work every day of the week. */
function NoDefaultWarning() {
  const t = useTranslations("holidayLists");
  const api = useConsoleApi();
  const lists = useQuery({
    queryKey: ["holiday-lists", "choices"],
    queryFn: () => api.holidayLists.list({ pageSize: 100, orderBy: "name", orderDirection: "asc" }),
  });
  if (!lists.data || lists.data.items.some((list) => list.isDefault)) return null;
  return (
    <div className="notice notice-warn holiday-default-warning" role="note">
      <p className="empty-state-title">{t("noDefaultTitle")}</p>
      <p>{t("noDefaultText")}</p>
    </div>
  );
}

export function HolidayListsConsole({ canWrite }: { canWrite: boolean }) {
  const t = useTranslations("holidayLists");
  const format = useClubFormat();
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
        title={t("title")}
        lead={t("lead")}
        create={canWrite ? { label: t("new"), onClick: () => dialogs.open({ kind: "create" }) } : undefined}
      />
      {dialogs.notice}
      <NoDefaultWarning />

      <search className="toolbar">
        <SearchField
          id="holiday-list-search"
          placeholder={t("searchPlaceholder")}
          value={searchText}
          onChange={setSearchText}
        />
      </search>

      <div className="card-table-on-phone">
        <PagedTable
          label={t("title")}
          noun={{ one: t("noun", { count: 1 }), other: t("noun", { count: 2 }) }}
          query={lists}
          onPage={setPageNumber}
          headers={[
            t("columns.name"),
            t("columns.weeklyOffDays"),
            t("columns.holidays"),
            t("columns.employees"),
            canWrite ? (
              t("columns.actions")
            ) : (
              <span key="actions" className="visually-hidden">
                {t("columns.actions")}
              </span>
            ),
          ]}
          empty={
            <EmptyState title={search ? t("noMatchTitle") : t("noneTitle")}>
              <p>{search ? t("noMatchText") : t("noneText")}</p>
            </EmptyState>
          }
          row={(list) => (
            <tr key={list.id}>
              <td className="cell-primary" data-label={t("columns.name")}>
                {list.name}
                {list.isDefault && (
                  <span className="badge badge-active holiday-default-badge">{t("defaultBadge")}</span>
                )}
              </td>
              <td data-label={t("columns.weeklyOffDays")}>
                <WeeklyOffDays days={list.weeklyOffDays} />
              </td>
              <td className="cell-number" data-label={t("columns.holidays")}>
                {format.count(list.entryCount)}
              </td>
              <td className="cell-number" data-label={t("columns.employees")}>
                {format.count(list.employeeCount)}
              </td>
              <td>
                {canWrite && (
                  <div className="cell-actions">
                    <RowAction
                      label={t("addHolidays")}
                      name={t("addHolidaysLabel", { name: list.name })}
                      onClick={() => dialogs.open({ kind: "presets", list })}
                    />
                    <RowAction
                      label={t("edit")}
                      name={t("editLabel", { name: list.name })}
                      onClick={() => dialogs.open({ kind: "edit", list })}
                    />
                    <RowAction
                      label={t("delete")}
                      name={t("deleteLabel", { name: list.name })}
                      tone="danger"
                      onClick={() => dialogs.open({ kind: "delete", list })}
                    />
                  </div>
                )}
              </td>
            </tr>
          )}
        />
      </div>

      {dialog?.kind === "create" && <HolidayListEditor listId={null} onClose={close} onDone={done} />}
      {dialog?.kind === "edit" && <HolidayListEditor listId={dialog.list.id} onClose={close} onDone={done} />}
      {dialog?.kind === "delete" && <DeleteHolidayListDialog list={dialog.list} onClose={close} onDone={done} />}
      {dialog?.kind === "presets" && <HolidayPresetDialog list={dialog.list} onClose={close} onDone={done} />}
    </>
  );
}
