"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { type UserRow, useConsoleApi } from "@/console/api-client";
import { useClubFormat } from "@/console/i18n/club-format";
import { EmptyState } from "@/console/ui/feedback";
import { ListFilters } from "@/console/ui/list-filters";
import {
  FilterSelect,
  PagedTable,
  PageHeader,
  SearchField,
  useDebounced,
  useListDialogs,
  usePagedQuery,
} from "@/console/ui/list-page";
import { RowAction, withActionsHeading } from "@/console/ui/row-actions";
import {
  AssignRolesDialog,
  BlockDialog,
  ConfirmChangeDialog,
  type ConfirmedChange,
  CreateUserDialog,
  displayName,
  EditUserDialog,
  ResendInvitationDialog,
} from "./user-dialogs";

const STATUS_FILTERS = ["", "active", "inactive", "blacklisted"] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number];

type OpenDialog =
  | { kind: "create" }
  | { kind: "edit"; user: UserRow }
  | { kind: "roles"; user: UserRow }
  | { kind: "block"; user: UserRow }
  | { kind: "invite"; user: UserRow }
  | { kind: "confirm"; change: ConfirmedChange; user: UserRow };

const PAGE_SIZE = 20;

function StatusBadges({ user }: { user: UserRow }) {
  const t = useTranslations("users.badges");
  return (
    <span className="badges">
      {user.isBlacklisted ? (
        <span className="badge badge-blocked" title={user.blacklistReason ?? undefined}>
          {t("blocked")}
        </span>
      ) : user.isActive ? (
        <span className="badge badge-active">{t("active")}</span>
      ) : (
        <span className="badge badge-inactive">{t("deactivated")}</span>
      )}
      {user.mustChangePassword && <span className="badge badge-pending">{t("temporaryPassword")}</span>}
      {user.invitationPending ? (
        <span className="badge badge-pending">{t("invitationPending")}</span>
      ) : (
        !user.emailVerified && <span className="badge badge-pending">{t("emailUnconfirmed")}</span>
      )}
    </span>
  );
}

function UserActions({
  user,
  isSelf,
  onOpen,
}: {
  user: UserRow;
  isSelf: boolean;
  onOpen: (dialog: OpenDialog) => void;
}) {
  const t = useTranslations("users.actions");
  const name = displayName(user);
  const selfNote = isSelf ? t("selfNote") : undefined;
  const action = (label: string, ariaLabel: string, dialog: OpenDialog, disabled = false) => (
    <RowAction
      label={label}
      name={ariaLabel}
      disabled={disabled}
      title={disabled ? selfNote : undefined}
      onClick={() => onOpen(dialog)}
    />
  );
  return (
    <div className="cell-actions">
      {user.invitationPending &&
        action(t("resendInvitation"), t("resendInvitationLabel", { name }), { kind: "invite", user })}
      {action(t("edit"), t("editLabel", { name }), { kind: "edit", user })}
      {action(t("roles"), t("rolesLabel", { name }), { kind: "roles", user })}
      {user.isBlacklisted
        ? action(t("unblock"), t("unblockLabel", { name }), { kind: "confirm", change: "unblock", user })
        : action(t("block"), t("blockLabel", { name }), { kind: "block", user }, isSelf)}
      {user.isActive
        ? action(
            t("deactivate"),
            t("deactivateLabel", { name }),
            { kind: "confirm", change: "deactivate", user },
            isSelf,
          )
        : action(t("reactivate"), t("reactivateLabel", { name }), { kind: "confirm", change: "reactivate", user })}
    </div>
  );
}

export function UsersConsole({
  currentUserId,
  canWrite,
  canAddStaff,
  canListRoles,
  passwordHint,
}: {
  currentUserId: string;
  canWrite: boolean;
  canAddStaff: boolean;
  canListRoles: boolean;
  passwordHint: string;
}) {
  const t = useTranslations("users");
  const format = useClubFormat();
  const api = useConsoleApi();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim(), 300);
  const [status, setStatus] = useState<StatusFilter>("");
  // Role user counts change with users.
  const dialogs = useListDialogs<OpenDialog>([["users"], ["roles"]]);
  const { dialog, close, done } = dialogs;

  const [users, setPageNumber] = usePagedQuery(["users", { search, status }], (pageNumber) =>
    api.users.list({
      pageNumber,
      pageSize: PAGE_SIZE,
      search: search || undefined,
      status: status || undefined,
      orderBy: "createdAt",
      orderDirection: "desc",
    }),
  );
  const filtered = search !== "" || status !== "";
  const columns = [t("table.user"), t("table.roles"), t("table.status"), t("table.lastSignIn"), t("table.actions")];

  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        create={canWrite ? { label: t("newUser"), onClick: () => dialogs.open({ kind: "create" }) } : undefined}
      >
        {canAddStaff && (
          <Link className="button" href="/staff/new">
            {t("addStaff")}
          </Link>
        )}
      </PageHeader>
      {dialogs.notice}

      <ListFilters
        label={t("filters.label")}
        active={status ? 1 : 0}
        search={
          <SearchField
            id="user-search"
            placeholder={t("filters.searchPlaceholder")}
            value={searchText}
            onChange={setSearchText}
          />
        }
      >
        <FilterSelect
          id="user-status"
          label={t("filters.status")}
          value={status}
          options={STATUS_FILTERS.map((value) => ({ value, label: t(`filters.${value || "all"}`) }))}
          onChange={setStatus}
        />
      </ListFilters>

      <div className="card-rows">
        <PagedTable
          label={t("table.label")}
          noun={{ one: t("noun.one"), other: t("noun.other") }}
          query={users}
          onPage={setPageNumber}
          headers={withActionsHeading(columns, canWrite)}
          empty={
            <EmptyState title={filtered ? t("empty.noMatch") : t("empty.none")}>
              {filtered && <p>{t("empty.tryAnother")}</p>}
            </EmptyState>
          }
          row={(user) => (
            <tr key={user.id}>
              <td>
                <div className="cell-primary">
                  {displayName(user)}{" "}
                  {user.id === currentUserId && <span className="chip chip-muted">{t("table.you")}</span>}
                </div>
                <div className="cell-secondary cell-wrap">{user.email}</div>
                {user.pendingEmail && (
                  <div className="cell-secondary cell-wrap" title={t("table.pendingEmailTitle")}>
                    {t("table.pendingEmail", { email: user.pendingEmail })}
                  </div>
                )}
                <div className="cell-secondary">@{user.username}</div>
              </td>
              <td data-label={columns[1]}>
                <span className="chips">
                  {user.roles.length > 0 ? (
                    user.roles.map((role) => (
                      <span key={role} className="chip">
                        {role}
                      </span>
                    ))
                  ) : (
                    <span className="muted">{t("table.noRole")}</span>
                  )}
                </span>
              </td>
              <td data-label={columns[2]}>
                <StatusBadges user={user} />
              </td>
              <td data-label={columns[3]} className="cell-secondary">
                {user.lastLoginAt ? format.dateTime(user.lastLoginAt) : t("table.never")}
              </td>
              <td>
                {canWrite && <UserActions user={user} isSelf={user.id === currentUserId} onOpen={dialogs.open} />}
              </td>
            </tr>
          )}
        />
      </div>

      {dialog?.kind === "create" && (
        <CreateUserDialog canListRoles={canListRoles} passwordHint={passwordHint} onClose={close} onDone={done} />
      )}
      {dialog?.kind === "edit" && <EditUserDialog user={dialog.user} onClose={close} onDone={done} />}
      {dialog?.kind === "roles" && (
        <AssignRolesDialog user={dialog.user} canListRoles={canListRoles} onClose={close} onDone={done} />
      )}
      {dialog?.kind === "block" && <BlockDialog user={dialog.user} onClose={close} onDone={done} />}
      {dialog?.kind === "invite" && <ResendInvitationDialog user={dialog.user} onClose={close} onDone={done} />}
      {dialog?.kind === "confirm" && (
        <ConfirmChangeDialog change={dialog.change} user={dialog.user} onClose={close} onDone={done} />
      )}
    </>
  );
}
