"use client";

import { useState } from "react";
import { type UserRow, useConsoleApi } from "@/console/api-client";
import { EmptyState } from "@/console/ui/feedback";
import {
  FilterSelect,
  PagedTable,
  PageHeader,
  SearchField,
  useDebounced,
  useListDialogs,
  usePagedQuery,
} from "@/console/ui/list-page";
import {
  AssignRolesDialog,
  BlockDialog,
  ConfirmChangeDialog,
  type ConfirmedChange,
  CreateUserDialog,
  displayName,
  EditUserDialog,
} from "./user-dialogs";

const STATUS_FILTERS = [
  { value: "", label: "All users" },
  { value: "active", label: "Active" },
  { value: "inactive", label: "Deactivated" },
  { value: "blacklisted", label: "Blocked" },
] as const;
type StatusFilter = (typeof STATUS_FILTERS)[number]["value"];

type OpenDialog =
  | { kind: "create" }
  | { kind: "edit"; user: UserRow }
  | { kind: "roles"; user: UserRow }
  | { kind: "block"; user: UserRow }
  | { kind: "confirm"; change: ConfirmedChange; user: UserRow };

const PAGE_SIZE = 20;

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "short", timeStyle: "short" });

function StatusBadges({ user }: { user: UserRow }) {
  return (
    <span className="badges">
      {user.isBlacklisted ? (
        <span className="badge badge-blocked" title={user.blacklistReason ?? undefined}>
          Blocked
        </span>
      ) : user.isActive ? (
        <span className="badge badge-active">Active</span>
      ) : (
        <span className="badge badge-inactive">Deactivated</span>
      )}
      {user.mustChangePassword && <span className="badge badge-pending">Temporary password</span>}
      {!user.emailVerified && <span className="badge badge-pending">Email unconfirmed</span>}
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
  const name = displayName(user);
  const selfNote = isSelf ? "You cannot block or deactivate your own account." : undefined;
  return (
    <div className="cell-actions">
      <button
        type="button"
        className="button button-small"
        aria-label={`Edit ${name}`}
        onClick={() => onOpen({ kind: "edit", user })}
      >
        Edit
      </button>
      <button
        type="button"
        className="button button-small"
        aria-label={`Roles of ${name}`}
        onClick={() => onOpen({ kind: "roles", user })}
      >
        Roles
      </button>
      {user.isBlacklisted ? (
        <button
          type="button"
          className="button button-small"
          aria-label={`Unblock ${name}`}
          onClick={() => onOpen({ kind: "confirm", change: "unblock", user })}
        >
          Unblock
        </button>
      ) : (
        <button
          type="button"
          className="button button-small"
          aria-label={`Block ${name}`}
          disabled={isSelf}
          title={selfNote}
          onClick={() => onOpen({ kind: "block", user })}
        >
          Block
        </button>
      )}
      <button
        type="button"
        className="button button-small"
        aria-label={`${user.isActive ? "Deactivate" : "Reactivate"} ${name}`}
        disabled={isSelf}
        title={selfNote}
        onClick={() => onOpen({ kind: "confirm", change: user.isActive ? "deactivate" : "reactivate", user })}
      >
        {user.isActive ? "Deactivate" : "Reactivate"}
      </button>
    </div>
  );
}

export function UsersConsole({
  currentUserId,
  canWrite,
  canListRoles,
  passwordHint,
}: {
  currentUserId: string;
  canWrite: boolean;
  canListRoles: boolean;
  passwordHint: string;
}) {
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

  return (
    <>
      <PageHeader
        title="Users"
        lead="Staff and members who can sign in, their roles and their access."
        create={canWrite ? { label: "New user", onClick: () => dialogs.open({ kind: "create" }) } : undefined}
      />
      {dialogs.notice}

      <search className="toolbar">
        <SearchField
          id="user-search"
          placeholder="Name, email or username"
          value={searchText}
          onChange={setSearchText}
        />
        <FilterSelect id="user-status" label="Status" value={status} options={STATUS_FILTERS} onChange={setStatus} />
      </search>

      <PagedTable
        label="Users"
        noun={{ one: "user", other: "users" }}
        query={users}
        onPage={setPageNumber}
        headers={[
          "User",
          "Roles",
          "Status",
          "Last sign-in",
          canWrite ? (
            "Actions"
          ) : (
            <span key="actions" className="visually-hidden">
              Actions
            </span>
          ),
        ]}
        empty={
          <EmptyState title={filtered ? "No users match" : "No users yet"}>
            {filtered && <p>Try another search or status.</p>}
          </EmptyState>
        }
        row={(user) => (
          <tr key={user.id}>
            <td>
              <div className="cell-primary">
                {displayName(user)} {user.id === currentUserId && <span className="chip chip-muted">you</span>}
              </div>
              <div className="cell-secondary">{user.email}</div>
              {user.pendingEmail && (
                <div
                  className="cell-secondary"
                  title="The email changes once the link mailed to this address is followed."
                >
                  New email pending: confirmation sent to {user.pendingEmail}
                </div>
              )}
              <div className="cell-secondary">@{user.username}</div>
            </td>
            <td>
              <span className="chips">
                {user.roles.length > 0 ? (
                  user.roles.map((role) => (
                    <span key={role} className="chip">
                      {role}
                    </span>
                  ))
                ) : (
                  <span className="muted">None</span>
                )}
              </span>
            </td>
            <td>
              <StatusBadges user={user} />
            </td>
            <td className="cell-secondary">
              {user.lastLoginAt ? dateTime.format(new Date(user.lastLoginAt)) : "Never"}
            </td>
            <td>{canWrite && <UserActions user={user} isSelf={user.id === currentUserId} onOpen={dialogs.open} />}</td>
          </tr>
        )}
      />

      {dialog?.kind === "create" && (
        <CreateUserDialog canListRoles={canListRoles} passwordHint={passwordHint} onClose={close} onDone={done} />
      )}
      {dialog?.kind === "edit" && <EditUserDialog user={dialog.user} onClose={close} onDone={done} />}
      {dialog?.kind === "roles" && (
        <AssignRolesDialog user={dialog.user} canListRoles={canListRoles} onClose={close} onDone={done} />
      )}
      {dialog?.kind === "block" && <BlockDialog user={dialog.user} onClose={close} onDone={done} />}
      {dialog?.kind === "confirm" && (
        <ConfirmChangeDialog change={dialog.change} user={dialog.user} onClose={close} onDone={done} />
      )}
    </>
  );
}
