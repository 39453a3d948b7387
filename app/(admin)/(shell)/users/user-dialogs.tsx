"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import { type ConsoleApi, type RoleRow, type UserRow, useConsoleApi } from "@/console/api-client";
import { useClubFormat } from "@/console/i18n/club-format";
import { temporaryPassword } from "@/console/temporary-password";
import { FormDialog } from "@/console/ui/dialog";
import { CheckboxGroup, TextAreaField, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { StaleRecordReload, useReloadAndClose } from "@/console/ui/stale-record";
import type { updateUserSchema } from "@/lib/users/schemas";

export const displayName = (user: Pick<UserRow, "firstName" | "lastName">) => `${user.firstName} ${user.lastName}`;

/** Every role, for the role pickers (a club has a handful; the API pages at 100). */
export function useRoleChoices(enabled: boolean) {
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
  const t = useTranslations("users.rolePicker");
  const roles = useRoleChoices(canListRoles);
  if (!canListRoles) {
    return (
      <CheckboxGroup
        name="roles"
        options={defaultChecked.map((name) => ({ value: name, label: name }))}
        defaultChecked={defaultChecked}
        hint={t("cannotList")}
      />
    );
  }
  if (roles.isPending) return <p className="muted">{t("loading")}</p>;
  if (roles.isError) return <p className="error-summary">{t("loadFailed", { reason: roles.error.message })}</p>;
  return <CheckboxGroup name="roles" options={roles.data.map(roleOption)} defaultChecked={defaultChecked} />;
}

const rolesOf = (data: FormData) => data.getAll("roles").filter((value): value is string => typeof value === "string");

/** Closes the dialog and reports what happened once a change succeeded. */
export type Done = (notice: string) => void;

const ACCOUNT_CODE_FIELDS = { "User.DuplicateEmail": "email", "User.DuplicateUsername": "username" };
const CREATE_CODE_FIELDS = { ...ACCOUNT_CODE_FIELDS, "User.UnknownRole": "roles", "Role.CannotGrant": "roles" };

/** The account fields' labels in the reader's language. */
function useAccountLabels() {
  const t = useTranslations("users.fields");
  return { firstName: t("firstName"), lastName: t("lastName"), email: t("email"), username: t("username") };
}

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
  const t = useTranslations("users.create");
  const fields = useTranslations("users.fields");
  const api = useConsoleApi();
  const [password, setPassword] = useState("");
  const form = useFormMutation(api.users.create, {
    codeFields: CREATE_CODE_FIELDS,
    onSuccess: (created) => onDone(t("done", { name: displayName(created), email: created.email })),
  });
  return (
    <FormDialog
      title={t("title")}
      wide
      labels={{ ...useAccountLabels(), password: fields("temporaryPassword"), roles: fields("roles") }}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      onSubmit={(data) => form.submit({ ...accountOf(data), password, roles: rolesOf(data) })}
    >
      <p className="dialog-body muted">{t("staffHint")}</p>
      <AccountFields />
      <TextField
        name="password"
        autoComplete="off"
        spellCheck={false}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        hint={t("passwordHint", { policy: passwordHint })}
      />
      <p className="field-after">
        <button type="button" className="link-button" onClick={() => setPassword(temporaryPassword())}>
          {t("generate")}
        </button>
      </p>
      <RolePicker canListRoles={canListRoles} defaultChecked={["User"]} />
    </FormDialog>
  );
}

export function EditUserDialog({ user, onClose, onDone }: { user: UserRow; onClose: () => void; onDone: Done }) {
  const t = useTranslations("users.edit");
  const api = useConsoleApi();
  const reload = useReloadAndClose(onClose);
  const form = useFormMutation(
    (body: z.input<typeof updateUserSchema>) => api.users.update(user.id, body, user.version),
    {
      codeFields: ACCOUNT_CODE_FIELDS,
      onSuccess: (after) => {
        // A new email is only requested until the new address confirms it.
        const requested = after.pendingEmail !== null && after.pendingEmail !== user.pendingEmail;
        const name = displayName(after);
        onDone(
          requested
            ? t("doneEmailPending", { name, pendingEmail: after.pendingEmail ?? "", email: after.email })
            : t("done", { name }),
        );
      },
    },
  );
  return (
    <FormDialog
      title={t("title", { name: displayName(user) })}
      wide
      labels={useAccountLabels()}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      onSubmit={(data) => form.submit({ ...accountOf(data), isActive: user.isActive })}
    >
      <AccountFields user={user} />
      <p className="field-after muted">{t("emailNote")}</p>
      <StaleRecordReload failure={form.failure} onReload={reload} />
    </FormDialog>
  );
}

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
  const t = useTranslations("users.assignRoles");
  const fields = useTranslations("users.fields");
  const api = useConsoleApi();
  const form = useFormMutation((roles: string[]) => api.users.assignRoles(user.id, { roles }), {
    codeFields: ROLES_CODE_FIELDS,
    onSuccess: (updated) =>
      onDone(
        updated.roles.length > 0
          ? t("done", { name: displayName(updated), roles: updated.roles.join(", ") })
          : t("doneNone", { name: displayName(updated) }),
      ),
  });
  return (
    <FormDialog
      title={t("title", { name: displayName(user) })}
      labels={{ roles: fields("roles") }}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      onSubmit={(data) => form.submit(rolesOf(data))}
    >
      <RolePicker canListRoles={canListRoles} defaultChecked={user.roles} />
    </FormDialog>
  );
}

export function BlockDialog({ user, onClose, onDone }: { user: UserRow; onClose: () => void; onDone: Done }) {
  const t = useTranslations("users.block");
  const api = useConsoleApi();
  const form = useFormMutation((reason: string) => api.users.blacklist(user.id, { reason }), {
    onSuccess: (blocked) => onDone(t("done", { name: displayName(blocked) })),
  });
  return (
    <FormDialog
      title={t("title", { name: displayName(user) })}
      labels={{ reason: t("reason") }}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      variant="danger"
      onSubmit={(data) => form.submit(textOf(data, "reason"))}
    >
      <p className="dialog-body">{t("body")}</p>
      <TextAreaField name="reason" rows={3} maxLength={500} />
    </FormDialog>
  );
}

/** A new invitation link for someone who has not chosen their password yet; the previous link stops working. */
export function ResendInvitationDialog({
  user,
  onClose,
  onDone,
}: {
  user: UserRow;
  onClose: () => void;
  onDone: Done;
}) {
  const t = useTranslations("users.resend");
  const format = useClubFormat();
  const api = useConsoleApi();
  const form = useFormMutation(() => api.staff.resendInvitation(user.id), {
    onSuccess: (invitation) =>
      onDone(t("done", { email: invitation.sentTo, expiresAt: format.dateTime(invitation.expiresAt) })),
  });
  return (
    <FormDialog
      title={t("title", { name: displayName(user) })}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      onSubmit={() => form.submit(undefined)}
    >
      <p className="dialog-body">{t("body", { email: user.email })}</p>
    </FormDialog>
  );
}

export type ConfirmedChange = "deactivate" | "reactivate" | "unblock";

/** The account changes that only need a yes: how each is done (their words are in users.confirm.<change>). */
const CONFIRMED_CHANGES: Record<
  ConfirmedChange,
  { danger: boolean; run: (api: ConsoleApi, user: UserRow) => Promise<unknown> }
> = {
  deactivate: { danger: true, run: (api, user) => api.users.deactivate(user.id, user.version) },
  reactivate: {
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
  },
  unblock: { danger: false, run: (api, user) => api.users.liftBlacklist(user.id) },
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
  const t = useTranslations(`users.confirm.${change}`);
  const reasonText = useTranslations("users.confirm");
  const api = useConsoleApi();
  const spec = CONFIRMED_CHANGES[change];
  const name = displayName(user);
  const form = useFormMutation(() => spec.run(api, user), { onSuccess: () => onDone(t("done", { name })) });
  return (
    <FormDialog
      title={t("title", { name })}
      form={form}
      onClose={onClose}
      submitLabel={t("submit")}
      pendingLabel={t("pending")}
      variant={spec.danger ? "danger" : "primary"}
      onSubmit={() => form.submit(undefined)}
    >
      <div className="dialog-body">
        <p>{t("body")}</p>
        {change === "unblock" && user.blacklistReason && (
          <p className="muted">{reasonText("blockedBecause", { reason: user.blacklistReason })}</p>
        )}
      </div>
    </FormDialog>
  );
}
