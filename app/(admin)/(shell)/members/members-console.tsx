"use client";

import Link from "next/link";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { MemberStatus } from "@/console/club-api";
import { useCsvDownload } from "@/console/csv-download";
import { formatCalendarDate, formatDay, MEMBER_STATUS_VALUES, MEMBER_STATUSES } from "@/console/format";
import { EmptyState, StatusBadge } from "@/console/ui/feedback";
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
import { ExportProgress } from "./export-progress";
import { EnrollDialog, MemberDialog, memberPage } from "./member-form";

type OrderField = MemberListQuery["orderBy"];

const STATUS_FILTERS: readonly { value: MemberStatus | ""; label: string }[] = [
  { value: "", label: "All members" },
  ...MEMBER_STATUS_VALUES.map((status) => ({ value: status, label: MEMBER_STATUSES[status].label })),
];

/** The table's columns; those with a field order the list. */
const COLUMNS: readonly Column<OrderField>[] = [
  { label: "Name", field: "lastName" },
  { label: "Email", field: "email" },
  { label: "Status", field: "status" },
  { label: "Plan" },
  { label: "Joined", field: "joinedOn" },
  { label: "Subscription ends" },
];

const PAGE_SIZE = 20;

type OpenDialog = "create" | "enroll";

export function MembersConsole({ canWrite, canEnroll }: { canWrite: boolean; canEnroll: boolean }) {
  const api = useConsoleApi();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim(), 300);
  const [status, setStatus] = useState<MemberStatus | "">("");
  const [sort, setSort] = useState<Sort<OrderField>>({ field: "lastName", direction: "asc" });
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const filters = { search: search || undefined, status: status || undefined };
  const csv = useCsvDownload((signal) => api.members.export(filters, signal), "members.csv");

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

  return (
    <>
      <PageHeader
        title="Members"
        lead="The people the club serves, their status and their current plan."
        create={canEnroll ? { label: "Enroll", onClick: () => setDialog("enroll") } : undefined}
      >
        <button
          type="button"
          className="button"
          onClick={csv.start}
          disabled={exporting}
          aria-busy={exporting || undefined}
        >
          {exporting ? "Exporting…" : "Export CSV"}
        </button>
        {canWrite && (
          <button type="button" className="button" onClick={() => setDialog("create")}>
            New member
          </button>
        )}
      </PageHeader>
      <ExportProgress
        download={csv.download}
        expectedRows={members.isPlaceholderData ? undefined : members.data?.totalCount}
        onCancel={csv.cancel}
        onRetry={csv.start}
        onDismiss={csv.dismiss}
      />

      <search className="toolbar">
        <SearchField
          id="member-search"
          placeholder="Name, email or phone"
          value={searchText}
          onChange={setSearchText}
        />
        <FilterSelect id="member-status" label="Status" value={status} options={STATUS_FILTERS} onChange={setStatus} />
      </search>

      <PagedTable
        label="Members"
        noun={{ one: "member", other: "members" }}
        query={members}
        onPage={setPageNumber}
        {...sortableHeaders(COLUMNS, sort, setSort)}
        empty={
          <EmptyState title={filtered ? "No members match" : "No members yet"}>
            <p>
              {filtered
                ? "Try another search or status."
                : "Enroll the first member, or add one and subscribe them later."}
            </p>
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
              <StatusBadge look={MEMBER_STATUSES[member.status]} />
            </td>
            <td>
              {member.currentPlan ? (
                <>
                  <div>{member.currentPlan.name}</div>
                  <div className="cell-secondary">{member.currentPlan.code}</div>
                </>
              ) : (
                <span className="muted">None</span>
              )}
            </td>
            <td className="cell-nowrap">{formatCalendarDate(member.joinedOn)}</td>
            <td className="cell-end">
              {member.subscriptionEndsAt ? formatDay(member.subscriptionEndsAt) : <span className="muted">—</span>}
            </td>
          </tr>
        )}
      />

      {dialog === "create" && <MemberDialog member={null} onClose={() => setDialog(null)} />}
      {dialog === "enroll" && <EnrollDialog onClose={() => setDialog(null)} />}
    </>
  );
}
