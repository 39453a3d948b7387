"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { MemberStatus } from "@/console/club-api";
import { useCsvDownload } from "@/console/csv-download";
import { useClubFormat } from "@/console/i18n/club-format";
import { EmptyState, StatusBadge, StatusMessage } from "@/console/ui/feedback";
import { ListFilters } from "@/console/ui/list-filters";
import {
  type Column,
  FilterSelect,
  PagedTable,
  PageHeader,
  SearchField,
  type Sort,
  sortableHeaders,
  useDebounced,
  usePagedQuery,
} from "@/console/ui/list-page";
import type { MemberListQuery } from "@/lib/members/schemas";
import { useDeletedNotice } from "./deleted-notice";
import { ExportProgress } from "./export-progress";
import { EnrollDialog, MemberDialog, memberPage } from "./member-form";
import { MEMBER_STATUS_VALUES, useMemberStatusLook } from "./member-status";

type OrderField = MemberListQuery["orderBy"];

const PAGE_SIZE = 20;

type OpenDialog = "create" | "enroll";

export function MembersConsole({ canWrite, canEnroll }: { canWrite: boolean; canEnroll: boolean }) {
  const t = useTranslations("members.list");
  const statuses = useTranslations("members.status");
  const language = useLocale();
  const format = useClubFormat();
  const statusLook = useMemberStatusLook();
  const api = useConsoleApi();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim(), 300);
  const [status, setStatus] = useState<MemberStatus | "">("");
  const [sort, setSort] = useState<Sort<OrderField>>({ field: "lastName", direction: "asc" });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const deletedNotice = useDeletedNotice();
  const filters = { search: search || undefined, status: status || undefined };
  // The file is separated for the reader's spreadsheets (semicolons where the decimal separator is a comma).
  const csv = useCsvDownload((signal) => api.members.export({ ...filters, language }, signal), "members.csv");

  const [members, setPageNumber] = usePagedQuery(["members", { ...filters, sort }], (pageNumber) =>
    api.members.list({
      ...filters,
      pageNumber,
      pageSize: PAGE_SIZE,
      orderBy: sort.field,
      orderDirection: sort.direction,
    }),
  );
  const filtered = search !== "" || status !== "";
  const exporting = csv.download.state === "running";
  /** The table's columns; those with a field order the list. */
  const columns: readonly Column<OrderField>[] = [
    { label: t("columns.name"), field: "lastName" },
    { label: t("columns.email"), field: "email" },
    { label: t("columns.status"), field: "status" },
    { label: t("columns.plan") },
    { label: t("columns.joined"), field: "joinedOn" },
    { label: t("columns.subscriptionEnds") },
  ];
  const statusFilters: readonly { value: MemberStatus | ""; label: string }[] = [
    { value: "", label: t("allMembers") },
    ...MEMBER_STATUS_VALUES.map((value) => ({ value, label: statuses(value) })),
  ];

  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        create={canEnroll ? { label: t("enroll"), onClick: () => setDialog("enroll") } : undefined}
      >
        <button
          type="button"
          className="button"
          onClick={csv.start}
          disabled={exporting}
          aria-busy={exporting || undefined}
        >
          {exporting ? t("exporting") : t("export")}
        </button>
        {canWrite && (
          <button type="button" className="button" onClick={() => setDialog("create")}>
            {t("newMember")}
          </button>
        )}
      </PageHeader>
      {deletedNotice.deleted && (
        <StatusMessage onDismiss={deletedNotice.dismiss}>{t("deleted", { name: deletedNotice.deleted })}</StatusMessage>
      )}
      <ExportProgress
        download={csv.download}
        expectedRows={members.isPlaceholderData ? undefined : members.data?.totalCount}
        onCancel={csv.cancel}
        onRetry={csv.start}
        onDismiss={csv.dismiss}
      />

      <ListFilters
        label={t("filtersLabel")}
        active={status ? 1 : 0}
        search={
          <SearchField
            id="member-search"
            placeholder={t("searchPlaceholder")}
            value={searchText}
            onChange={setSearchText}
          />
        }
      >
        <FilterSelect
          id="member-status"
          label={t("statusFilter")}
          value={status}
          options={statusFilters}
          onChange={setStatus}
        />
      </ListFilters>

      <div className="members-list">
        <PagedTable
          label={t("tableLabel")}
          noun={{ one: t("noun.one"), other: t("noun.other") }}
          query={members}
          onPage={setPageNumber}
          {...sortableHeaders(columns, sort, setSort)}
          empty={
            <EmptyState title={filtered ? t("emptyFiltered") : t("empty")}>
              <p>{filtered ? t("emptyFilteredHint") : t("emptyHint")}</p>
            </EmptyState>
          }
          row={(member) => (
            <tr key={member.id}>
              <td>
                <Link className="cell-primary cell-link" href={memberPage(member)}>
                  {member.fullName}
                </Link>
                {member.phone && <div className="cell-secondary">{member.phone}</div>}
              </td>
              <td className="cell-secondary">{member.email}</td>
              <td>
                <StatusBadge look={statusLook(member.status)} />
              </td>
              <td>
                {member.currentPlan ? (
                  <>
                    <div>{member.currentPlan.name}</div>
                    <div className="cell-secondary">{member.currentPlan.code}</div>
                  </>
                ) : (
                  <span className="muted">{t("noPlan")}</span>
                )}
              </td>
              <td className="cell-nowrap">{format.calendarDate(member.joinedOn)}</td>
              <td className="cell-end">
                {member.subscriptionEndsAt ? format.day(member.subscriptionEndsAt) : <span className="muted">—</span>}
              </td>
            </tr>
          )}
        />
      </div>

      {dialog === "create" && <MemberDialog member={null} onClose={() => setDialog(null)} />}
      {dialog === "enroll" && <EnrollDialog onClose={() => setDialog(null)} />}
    </>
  );
}
