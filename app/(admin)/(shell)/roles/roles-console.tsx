"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { type RoleRow, useConsoleApi } from "@/console/api-client";
import { FormDialog } from "@/console/ui/dialog";
import { EmptyState } from "@/console/ui/feedback";
import { TextAreaField, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { PagedTable, PageHeader, useListDialogs, usePagedQuery } from "@/console/ui/list-page";
import { StaleRecordReload, useReloadAndClose } from "@/console/ui/stale-record";
import { PermissionPicker } from "./permission-picker";

const PAGE_SIZE = 50;
const SHOWN_PERMISSIONS = 6;
const SUPER_ADMIN = "SuperAdmin";

type OpenDialog = { kind: "create" } | { kind: "edit"; role: RoleRow } | { kind: "delete"; role: RoleRow };

function PermissionSummary({ permissions }: { permissions: readonly string[] }) {
  if (permissions.includes("*")) return <span className="chip">Every permission</span>;
  if (permissions.length === 0) return <span className="muted">None</span>;
  const hidden = permissions.length - SHOWN_PERMISSIONS;
  return (
    <span className="chips">
      {permissions.slice(0, SHOWN_PERMISSIONS).map((permission) => (
        <span key={permission} className="chip">
          {permission}
        </span>
      ))}
      {hidden > 0 && <span className="chip chip-muted">+{hidden} more</span>}
    </span>
  );
}

const EDITOR_LABELS = { name: "Name", description: "Description", permissions: "Permissions" };
const EDITOR_CODE_FIELDS = { "Role.DuplicateName": "name", "Role.BuiltIn": "name", "Role.CannotGrant": "permissions" };

/** Creates a role, or edits one: built-in roles keep their names, SuperAdmin keeps every permission. */
function RoleEditor({
  role,
  canListPermissions,
  onClose,
  onDone,
}: {
  role: RoleRow | null;
  canListPermissions: boolean;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const api = useConsoleApi();
  const reload = useReloadAndClose(onClose);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(role?.permissions ?? []));
  const permissions = useQuery({
    queryKey: ["permissions"],
    queryFn: api.permissions.list,
    enabled: canListPermissions,
    staleTime: Infinity,
  });
  const locked = role?.name === SUPER_ADMIN;
  const form = useFormMutation(
    (input: { name: string; description?: string; permissions: string[] }) =>
      role ? api.roles.update(role.id, input, role.version) : api.roles.create(input),
    {
      codeFields: EDITOR_CODE_FIELDS,
      onSuccess: (saved) => onDone(role ? `Role ${saved.name} saved.` : `Role ${saved.name} created.`),
    },
  );
  // Without permissions:read the picker offers what the role already has.
  const available = permissions.data ?? role?.permissions ?? [];
  return (
    <FormDialog
      title={role ? `Edit role ${role.name}` : "New role"}
      wide
      labels={EDITOR_LABELS}
      form={form}
      onClose={onClose}
      submitLabel={role ? "Save role" : "Create role"}
      onSubmit={(data) =>
        form.submit({
          name: textOf(data, "name"),
          description: textOf(data, "description") || undefined,
          permissions: locked && role ? role.permissions : [...selected],
        })
      }
    >
      <div className="form-row">
        <TextField
          name="name"
          defaultValue={role?.name}
          readOnly={role?.isBuiltIn}
          autoComplete="off"
          hint={
            role?.isBuiltIn
              ? "Built-in roles keep their names."
              : "2 to 50 letters, digits, spaces, dots, dashes or underscores."
          }
        />
        <TextAreaField name="description" defaultValue={role?.description ?? undefined} rows={2} />
      </div>
      {canListPermissions && permissions.isPending ? (
        <p className="muted">Loading permissions…</p>
      ) : (
        <PermissionPicker available={available} selected={selected} onChange={setSelected} locked={locked} />
      )}
      <StaleRecordReload failure={form.failure} onReload={reload} />
    </FormDialog>
  );
}

function DeleteRoleDialog({
  role,
  onClose,
  onDone,
}: {
  role: RoleRow;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const api = useConsoleApi();
  const form = useFormMutation(() => api.roles.remove(role.id, role.version), {
    onSuccess: () => onDone(`Role ${role.name} deleted.`),
  });
  return (
    <FormDialog
      title={`Delete role ${role.name}?`}
      form={form}
      onClose={onClose}
      submitLabel="Delete role"
      pendingLabel="Deleting…"
      variant="danger"
      onSubmit={() => form.submit(undefined)}
    >
      <p className="dialog-body">
        {role.userCount > 0
          ? `${role.userCount} user${role.userCount === 1 ? " holds" : "s hold"} this role: give them another role first.`
          : "Nobody holds this role. Deleting it cannot be undone."}
      </p>
    </FormDialog>
  );
}

export function RolesConsole({ canWrite, canListPermissions }: { canWrite: boolean; canListPermissions: boolean }) {
  const api = useConsoleApi();
  const dialogs = useListDialogs<OpenDialog>([["roles"]]);
  const { dialog, close, done } = dialogs;
  const [roles, setPageNumber] = usePagedQuery(["roles"], (pageNumber) =>
    api.roles.list({ pageNumber, pageSize: PAGE_SIZE, orderBy: "name", orderDirection: "asc" }),
  );

  return (
    <>
      <PageHeader
        title="Roles"
        lead="What each role allows. A user holds the permissions of all their roles together."
        create={canWrite ? { label: "New role", onClick: () => dialogs.open({ kind: "create" }) } : undefined}
      />
      {dialogs.notice}

      <PagedTable
        label="Roles"
        noun={{ one: "role", other: "roles" }}
        query={roles}
        onPage={setPageNumber}
        headers={[
          "Role",
          "Permissions",
          "Users",
          canWrite ? (
            "Actions"
          ) : (
            <span key="actions" className="visually-hidden">
              Actions
            </span>
          ),
        ]}
        empty={<EmptyState title="No roles yet" />}
        row={(role) => (
          <tr key={role.id}>
            <td>
              <div className="cell-primary">
                {role.name} {role.isBuiltIn && <span className="badge badge-neutral">Built-in</span>}
              </div>
              {role.description && <div className="cell-secondary">{role.description}</div>}
            </td>
            <td>
              <PermissionSummary permissions={role.permissions} />
            </td>
            <td className="cell-number">{role.userCount}</td>
            <td>
              {canWrite && (
                <div className="cell-actions">
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Edit role ${role.name}`}
                    onClick={() => dialogs.open({ kind: "edit", role })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Delete role ${role.name}`}
                    disabled={role.isBuiltIn}
                    title={role.isBuiltIn ? "Built-in roles cannot be deleted." : undefined}
                    onClick={() => dialogs.open({ kind: "delete", role })}
                  >
                    Delete
                  </button>
                </div>
              )}
            </td>
          </tr>
        )}
      />

      {dialog?.kind === "create" && (
        <RoleEditor role={null} canListPermissions={canListPermissions} onClose={close} onDone={done} />
      )}
      {dialog?.kind === "edit" && (
        <RoleEditor role={dialog.role} canListPermissions={canListPermissions} onClose={close} onDone={done} />
      )}
      {dialog?.kind === "delete" && <DeleteRoleDialog role={dialog.role} onClose={close} onDone={done} />}
    </>
  );
}
