"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { type RoleRow, useConsoleApi } from "@/console/api-client";
import { FormDialog } from "@/console/ui/dialog";
import { EmptyState } from "@/console/ui/feedback";
import { TextAreaField, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { PagedTable, PageHeader, useListDialogs, usePagedQuery } from "@/console/ui/list-page";
import { RowAction, withActionsHeading } from "@/console/ui/row-actions";
import { StaleRecordReload, useReloadAndClose } from "@/console/ui/stale-record";
import { WILDCARD } from "@/lib/roles/permissions";
import { byArea, unknownPermissions } from "./permission-areas";
import { PermissionPicker } from "./permission-picker";

const PAGE_SIZE = 50;
const SUPER_ADMIN = "SuperAdmin";

type OpenDialog = { kind: "create" } | { kind: "edit"; role: RoleRow } | { kind: "delete"; role: RoleRow };

/**
 * What a role allows in words: the areas it reaches, and under them, one click away, a sentence per permission
 * grouped by area.
 */
function PermissionSummary({ permissions }: { permissions: readonly string[] }) {
  const t = useTranslations("roles");
  const format = useFormatter();
  if (permissions.includes(WILDCARD)) return <span className="chip">{t("summary.everything")}</span>;
  const groups = byArea(permissions);
  const unknown = unknownPermissions(permissions);
  if (groups.length === 0 && unknown.length === 0) return <span className="muted">{t("summary.nothing")}</span>;
  const areaNames = groups.map(([area]) => t(`areas.${area}`));
  return (
    <details className="permission-summary">
      <summary>{format.list(unknown.length > 0 ? [...areaNames, t("picker.unknownArea")] : areaNames)}</summary>
      <dl>
        {groups.map(([area, inArea]) => (
          <div key={area}>
            <dt>{t(`areas.${area}`)}</dt>
            {inArea.map((permission) => (
              <dd key={permission}>{t(`permissions.${permission}`)}</dd>
            ))}
          </div>
        ))}
        {unknown.length > 0 && (
          <div>
            <dt>{t("picker.unknownArea")}</dt>
            {unknown.map((code) => (
              <dd key={code}>
                <code>{code}</code>
              </dd>
            ))}
          </div>
        )}
      </dl>
    </details>
  );
}

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
  const t = useTranslations("roles.editor");
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
      onSuccess: (saved) => onDone(role ? t("doneEdit", { name: saved.name }) : t("doneNew", { name: saved.name })),
    },
  );
  // Without permissions:read the picker offers what the role already has.
  const available = permissions.data ?? role?.permissions ?? [];
  return (
    <FormDialog
      title={role ? t("titleEdit", { name: role.name }) : t("titleNew")}
      wide
      labels={{ name: t("name"), description: t("description"), permissions: t("permissions") }}
      form={form}
      onClose={onClose}
      submitLabel={role ? t("submitEdit") : t("submitNew")}
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
          hint={role?.isBuiltIn ? t("nameHintBuiltIn") : t("nameHint")}
        />
        <TextAreaField name="description" defaultValue={role?.description ?? undefined} rows={2} />
      </div>
      {canListPermissions && permissions.isPending ? (
        <p className="muted">{t("loading")}</p>
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
  const t = useTranslations("roles.remove");
  const api = useConsoleApi();
  const form = useFormMutation(() => api.roles.remove(role.id, role.version), {
    onSuccess: () => onDone(t("done", { name: role.name })),
  });
  return (
    <FormDialog
      title={t("title", { name: role.name })}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      variant="danger"
      onSubmit={() => form.submit(undefined)}
    >
      <p className="dialog-body">{role.userCount > 0 ? t("inUse", { count: role.userCount }) : t("unused")}</p>
    </FormDialog>
  );
}

export function RolesConsole({ canWrite, canListPermissions }: { canWrite: boolean; canListPermissions: boolean }) {
  const t = useTranslations("roles");
  const api = useConsoleApi();
  const dialogs = useListDialogs<OpenDialog>([["roles"]]);
  const { dialog, close, done } = dialogs;
  const [roles, setPageNumber] = usePagedQuery(["roles"], (pageNumber) =>
    api.roles.list({ pageNumber, pageSize: PAGE_SIZE, orderBy: "name", orderDirection: "asc" }),
  );
  const columns = [t("table.role"), t("table.allows"), t("table.users"), t("table.actions")];

  return (
    <>
      <PageHeader
        title={t("title")}
        lead={t("lead")}
        create={canWrite ? { label: t("newRole"), onClick: () => dialogs.open({ kind: "create" }) } : undefined}
      />
      {dialogs.notice}

      <div className="card-rows">
        <PagedTable
          label={t("table.label")}
          noun={{ one: t("noun.one"), other: t("noun.other") }}
          query={roles}
          onPage={setPageNumber}
          headers={withActionsHeading(columns, canWrite)}
          empty={<EmptyState title={t("empty")} />}
          row={(role) => (
            <tr key={role.id}>
              <td>
                <div className="cell-primary">
                  {role.name} {role.isBuiltIn && <span className="badge badge-neutral">{t("table.builtIn")}</span>}
                </div>
                {role.description && <div className="cell-secondary">{role.description}</div>}
              </td>
              <td data-label={columns[1]}>
                <PermissionSummary permissions={role.permissions} />
              </td>
              <td data-label={columns[2]} className="cell-nowrap">
                {t("summary.userCount", { count: role.userCount })}
              </td>
              <td>
                {canWrite && (
                  <div className="cell-actions">
                    <RowAction
                      label={t("actions.edit")}
                      name={t("actions.editLabel", { name: role.name })}
                      onClick={() => dialogs.open({ kind: "edit", role })}
                    />
                    <RowAction
                      label={t("actions.delete")}
                      name={t("actions.deleteLabel", { name: role.name })}
                      disabled={role.isBuiltIn}
                      title={role.isBuiltIn ? t("actions.builtInNote") : undefined}
                      onClick={() => dialogs.open({ kind: "delete", role })}
                    />
                  </div>
                )}
              </td>
            </tr>
          )}
        />
      </div>

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
