"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { type ConsoleApi, type RoleRow, type UserRow, useConsoleApi } from "@/console/api-client";
import { temporaryPassword } from "@/console/temporary-password";
import { FormDialog } from "@/console/ui/dialog";
import { CheckboxGroup, TextAreaField, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { StaleRecordReload, useReloadAndClose } from "@/console/ui/stale-record";
import type { updateUserSchema } from "@/lib/users/schemas";

export const displayName = (user: Pick<UserRow, "firstName" | "lastName">) => `${user.firstName} ${user.lastName}`;

/** Every role, for the role pickers (a club has a handful; the API pages at 100). */
function useRoleChoices(enabled: boolean) {
  const api = useConsoleApi();
  return useQuery({
    queryKey: ["roles", "choices"],
    queryFn: () => api.roles.list({ pageSize: 100, orderBy: "name", orderDirection: "asc" }),
    enabled,
    select: (page) => page.items,
  });
}

const roleOption = (role: RoleRow) => ({
  value: role.name,
  label: role.name,
  description: role.description ?? undefined,
});

/** The role checkboxes, or why there are none to choose from. */
function RolePicker({ canListRoles, defaultChecked }: { canListRoles: boolean; defaultChecked: readonly string[] }) {
  const roles = useRoleChoices(canListRoles);
  if (!canListRoles) {
    return (
      <CheckboxGroup
        name="roles"
        options={defaultChecked.map((name) => ({ value: name, label: name }))}
        defaultChecked={defaultChecked}
        hint="Listing other roles needs the roles:read permission."
      />
    );
  }
  if (roles.isPending) return <p className="muted">Loading roles…</p>;
  if (roles.isError) return <p className="error-summary">The roles could not be loaded: {roles.error.message}</p>;
  return <CheckboxGroup name="roles" options={roles.data.map(roleOption)} defaultChecked={defaultChecked} />;
}

const rolesOf = (data: FormData) => data.getAll("roles").filter((value): value is string => typeof value === "string");

/** Closes the dialog and reports what happened once a change succeeded. */
export type Done = (notice: string) => void;

const ACCOUNT_LABELS = { firstName: "First name", lastName: "Last name", email: "Email", username: "Username" };
const ACCOUNT_CODE_FIELDS = { "User.DuplicateEmail": "email", "User.DuplicateUsername": "username" };
const CREATE_LABELS = { ...ACCOUNT_LABELS, password: "Temporary password", roles: "Roles" };
const CREATE_CODE_FIELDS = { ...ACCOUNT_CODE_FIELDS, "User.UnknownRole": "roles", "Role.CannotGrant": "roles" };

/** Name, email and username fields, empty for a new account or filled with an existing one's. */
function AccountFields({ user }: { user?: UserRow }) {
  return (
    <>
      <div className="form-row">
        <TextField name="firstName" autoComplete="off" defaultValue={user?.firstName} />
        <TextField name="lastName" autoComplete="off" defaultValue={user?.lastName} />
      </div>
      <div className="form-row">
        <TextField name="email" type="email" autoComplete="off" defaultValue={user?.email} />
        <TextField name="username" autoComplete="off" defaultValue={user?.username} />
      </div>
    </>
  );
}

const accountOf = (data: FormData) => ({
  firstName: textOf(data, "firstName"),
  lastName: textOf(data, "lastName"),
  email: textOf(data, "email"),
  username: textOf(data, "username"),
});

export function CreateUserDialog({
  canListRoles,
  passwordHint,
  onClose,
  onDone,
}: {
  canListRoles: boolean;
  passwordHint: string;
  onClose: () => void;
  onDone: Done;
}) {
  const api = useConsoleApi();
  const [password, setPassword] = useState("");
  const form = useFormMutation(api.users.create, {
    codeFields: CREATE_CODE_FIELDS,
    onSuccess: (created) =>
      onDone(
        `${displayName(created)} can now sign in as ${created.email} with the temporary password, and will choose their own at once.`,
      ),
  });
  return (
    <FormDialog
      title="New user"
      wide
      labels={CREATE_LABELS}
      form={form}
      onClose={onClose}
      submitLabel="Create user"
      pendingLabel="Creating…"
      onSubmit={(data) => form.submit({ ...accountOf(data), password, roles: rolesOf(data) })}
    >
      <AccountFields />
      <TextField
        name="password"
        autoComplete="off"
        spellCheck={false}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={`Share it with the user; they must replace it when they first sign in. ${passwordHint}`}
      />
      <p className="field-after">
        <button type="button" className="link-button" onClick={() => setPassword(temporaryPassword())}>
          Generate a strong password
        </button>
      </p>
      <RolePicker canListRoles={canListRoles} defaultChecked={["User"]} />
    </FormDialog>
  );
}

/** What saving an account reports: a new email is only requested until the new address confirms it. */
function editNotice(before: UserRow, after: UserRow): string {
  const requested = after.pendingEmail !== null && after.pendingEmail !== before.pendingEmail;
  if (!requested) return `${displayName(after)} has been saved.`;
  return (
    `${displayName(after)} has been saved. A confirmation link was sent to ${after.pendingEmail}; ` +
    `the account keeps ${after.email} until the link is followed, and ${after.email} has been told.`
  );
}

export function EditUserDialog({ user, onClose, onDone }: { user: UserRow; onClose: () => void; onDone: Done }) {
  const api = useConsoleApi();
  const reload = useReloadAndClose(onClose);
  const form = useFormMutation(
    (body: z.input<typeof updateUserSchema>) => api.users.update(user.id, body, user.version),
    {
      codeFields: ACCOUNT_CODE_FIELDS,
      onSuccess: (updated) => onDone(editNotice(user, updated)),
    },
  );
  return (
    <FormDialog
      title={`Edit ${displayName(user)}`}
      wide
      labels={ACCOUNT_LABELS}
      form={form}
      onClose={onClose}
      submitLabel="Save"
      pendingLabel="Saving…"
      onSubmit={(data) => form.submit({ ...accountOf(data), isActive: user.isActive })}
    >
      <AccountFields user={user} />
      <p className="field-after muted">
        A new email applies once the new address confirms it with the link we mail there; the current address is told.
      </p>
      <StaleRecordReload failure={form.failure} onReload={reload} />
    </FormDialog>
  );
}

const ROLES_LABELS = { roles: "Roles" };
const ROLES_CODE_FIELDS = {
  "User.UnknownRole": "roles",
  "Role.CannotGrant": "roles",
  "User.CannotModifySelf": "roles",
};

export function AssignRolesDialog({
  user,
  canListRoles,
  onClose,
  onDone,
}: {
  user: UserRow;
  canListRoles: boolean;
  onClose: () => void;
  onDone: Done;
}) {
  const api = useConsoleApi();
  const form = useFormMutation((roles: string[]) => api.users.assignRoles(user.id, { roles }), {
    codeFields: ROLES_CODE_FIELDS,
    onSuccess: (updated) => onDone(`${displayName(updated)} now has: ${updated.roles.join(", ") || "no role"}.`),
  });
  return (
    <FormDialog
      title={`Roles of ${displayName(user)}`}
      labels={ROLES_LABELS}
      form={form}
      onClose={onClose}
      submitLabel="Save roles"
      onSubmit={(data) => form.submit(rolesOf(data))}
    >
      <RolePicker canListRoles={canListRoles} defaultChecked={user.roles} />
    </FormDialog>
  );
}

const BLOCK_LABELS = { reason: "Reason" };

export function BlockDialog({ user, onClose, onDone }: { user: UserRow; onClose: () => void; onDone: Done }) {
  const api = useConsoleApi();
  const form = useFormMutation((reason: string) => api.users.blacklist(user.id, { reason }), {
    onSuccess: (blocked) => onDone(`${displayName(blocked)} is blocked and has been signed out.`),
  });
  return (
    <FormDialog
      title={`Block ${displayName(user)}?`}
      labels={BLOCK_LABELS}
      form={form}
      onClose={onClose}
      submitLabel="Block user"
      pendingLabel="Blocking…"
      variant="danger"
      onSubmit={(data) => form.submit(textOf(data, "reason"))}
    >
      <p className="dialog-body">
        They are signed out everywhere at once and cannot sign in until someone unblocks them. The reason is kept with
        the account.
      </p>
      <TextAreaField name="reason" rows={3} maxLength={500} />
    </FormDialog>
  );
}

export type ConfirmedChange = "deactivate" | "reactivate" | "unblock";

type ChangeSpec = {
  title: (user: UserRow) => string;
  body: string;
  confirm: string;
  pending: string;
  danger: boolean;
  run: (api: ConsoleApi, user: UserRow) => Promise<unknown>;
  notice: (user: UserRow) => string;
};

/** The account changes that only need a yes: how each is asked, done and reported. */
const CONFIRMED_CHANGES: Record<ConfirmedChange, ChangeSpec> = {
  deactivate: {
    title: (user) => `Deactivate ${displayName(user)}?`,
    body: "They are signed out at once and cannot sign in until reactivated. The account and its history stay.",
    confirm: "Deactivate",
    pending: "Deactivating…",
    danger: true,
    run: (api, user) => api.users.deactivate(user.id, user.version),
    notice: (user) => `${displayName(user)} has been deactivated.`,
  },
  reactivate: {
    title: (user) => `Reactivate ${displayName(user)}?`,
    body: "They can sign in again with their current password.",
    confirm: "Reactivate",
    pending: "Reactivating…",
    danger: false,
    run: (api, user) =>
      api.users.update(
        user.id,
        {
          email: user.email,
          username: user.username,
          firstName: user.firstName,
          lastName: user.lastName,
          isActive: true,
        },
        user.version,
      ),
    notice: (user) => `${displayName(user)} is active again.`,
  },
  unblock: {
    title: (user) => `Unblock ${displayName(user)}?`,
    body: "They can sign in again with their current password.",
    confirm: "Unblock",
    pending: "Unblocking…",
    danger: false,
    run: (api, user) => api.users.liftBlacklist(user.id),
    notice: (user) => `${displayName(user)} is no longer blocked.`,
  },
};

export function ConfirmChangeDialog({
  change,
  user,
  onClose,
  onDone,
}: {
  change: ConfirmedChange;
  user: UserRow;
  onClose: () => void;
  onDone: Done;
}) {
  const api = useConsoleApi();
  const spec = CONFIRMED_CHANGES[change];
  const form = useFormMutation(() => spec.run(api, user), { onSuccess: () => onDone(spec.notice(user)) });
  return (
    <FormDialog
      title={spec.title(user)}
      form={form}
      onClose={onClose}
      submitLabel={spec.confirm}
      pendingLabel={spec.pending}
      variant={spec.danger ? "danger" : "primary"}
      onSubmit={() => form.submit(undefined)}
    >
      <div className="dialog-body">
        <p>{spec.body}</p>
        {change === "unblock" && user.blacklistReason && (
          <p className="muted">Blocked because: {user.blacklistReason}</p>
        )}
      </div>
    </FormDialog>
  );
}
