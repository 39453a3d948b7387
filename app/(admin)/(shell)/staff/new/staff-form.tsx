"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import { useClubFormat } from "@/console/i18n/club-format";
import { BackLink } from "@/console/ui/detail-page";
import { ConsoleForm, SelectField, SubmitButton, TextField, textOf, useFormMutation } from "@/console/ui/forms";
import { canGrant } from "@/lib/roles/grants";
import { DEFAULT_STAFF_ROLE } from "@/lib/staff/default-role";
import { useRoleChoices } from "../../users/user-dialogs";

const CODE_FIELDS = {
  "User.DuplicateEmail": "email",
  "User.UnknownRole": "role",
  "Role.CannotGrant": "role",
  "Employee.HolidayListNotFound": "holidayListId",
};

type Added = { name: string; email: string; expiresAt: string; userId: string };

/** The roles the signed-in user may hand out: those whose every permission they hold (the API's own rule). */
function useGrantableRoles(canListRoles: boolean, grantablePermissions: readonly string[]) {
  const roles = useRoleChoices(canListRoles);
  return {
    ...roles,
    data: roles.data?.filter((role) => canGrant(grantablePermissions, role.permissions)),
  };
}

function HolidayListField({ enabled }: { enabled: boolean }) {
  const t = useTranslations("staff.new");
  const api = useConsoleApi();
  const lists = useQuery({
    queryKey: ["holiday-lists", "choices"],
    queryFn: () => api.holidayLists.list({ pageSize: 100, orderBy: "name", orderDirection: "asc" }),
    enabled,
    select: (page) => page.items,
  });
  return (
    <SelectField
      name="holidayListId"
      hint={t("hints.holidayList")}
      disabled={enabled && lists.isPending}
      options={[
        { value: "", label: t("defaultHolidayList") },
        ...(lists.data ?? []).map((list) => ({ value: list.id, label: list.name })),
      ]}
    />
  );
}

function RoleField({
  canListRoles,
  grantablePermissions,
}: {
  canListRoles: boolean;
  grantablePermissions: readonly string[];
}) {
  const t = useTranslations("staff.new");
  const roles = useGrantableRoles(canListRoles, grantablePermissions);
  if (canListRoles && roles.isPending) return <p className="muted">{t("loadingRoles")}</p>;
  const names = roles.data?.map((role) => role.name) ?? [DEFAULT_STAFF_ROLE];
  return (
    <SelectField
      name="role"
      hint={canListRoles ? t("hints.role") : t("hints.roleUnlisted")}
      defaultValue={names.includes(DEFAULT_STAFF_ROLE) ? DEFAULT_STAFF_ROLE : names[0]}
      options={names.map((name) => ({ value: name, label: name }))}
    />
  );
}

function AddedNotice({ added, onAnother }: { added: Added; onAnother: () => void }) {
  const t = useTranslations("staff.new.done");
  const format = useClubFormat();
  return (
    <section className="card staff-added" aria-labelledby="staff-added-title">
      <h2 id="staff-added-title">{t("title", { name: added.name })}</h2>
      <p role="status">{t("body", { email: added.email, expiresAt: format.dateTime(added.expiresAt) })}</p>
      <p className="staff-added-actions">
        <button type="button" className="button button-primary" onClick={onAnother}>
          {t("addAnother")}
        </button>
        <Link className="button" href="/users">
          {t("toUsers")}
        </Link>
      </p>
    </section>
  );
}

export function StaffForm({
  grantablePermissions,
  canListRoles,
  canListHolidayLists,
}: {
  grantablePermissions: readonly string[];
  canListRoles: boolean;
  canListHolidayLists: boolean;
}) {
  const t = useTranslations("staff.new");
  const common = useTranslations("common");
  const api = useConsoleApi();
  const [added, setAdded] = useState<Added | null>(null);
  const [formKey, setFormKey] = useState(0);
  const form = useFormMutation(api.staff.add, {
    codeFields: CODE_FIELDS,
    onSuccess: ({ user, invitation }) =>
      setAdded({
        name: `${user.firstName} ${user.lastName}`,
        email: invitation.sentTo,
        expiresAt: invitation.expiresAt,
        userId: user.id,
      }),
  });
  const labels = {
    firstName: t("fields.firstName"),
    lastName: t("fields.lastName"),
    email: t("fields.email"),
    role: t("fields.role"),
    holidayListId: t("fields.holidayList"),
  };
  return (
    <div className="staff-page">
      <BackLink to={{ href: "/users", label: common("backTo", { list: t("back") }) }} />
      <h1 className="page-title">{t("title")}</h1>
      <p className="page-lead">{t("lead")}</p>
      {added ? (
        <AddedNotice
          added={added}
          onAnother={() => {
            setAdded(null);
            setFormKey((key) => key + 1);
          }}
        />
      ) : (
        <ConsoleForm
          key={formKey}
          className="card staff-form"
          labels={labels}
          failure={form.failure}
          onSubmit={(data) => {
            const holidayListId = textOf(data, "holidayListId");
            form.submit({
              firstName: textOf(data, "firstName"),
              lastName: textOf(data, "lastName"),
              email: textOf(data, "email"),
              roles: [textOf(data, "role") || DEFAULT_STAFF_ROLE],
              employee: { holidayListId: holidayListId || null },
            });
          }}
        >
          <fieldset className="form-section">
            <legend>{t("sections.person")}</legend>
            <div className="form-row">
              <TextField name="firstName" autoComplete="off" />
              <TextField name="lastName" autoComplete="off" />
            </div>
            <TextField name="email" type="email" autoComplete="off" hint={t("hints.email")} />
          </fieldset>
          <fieldset className="form-section">
            <legend>{t("sections.work")}</legend>
            <RoleField canListRoles={canListRoles} grantablePermissions={grantablePermissions} />
            <HolidayListField enabled={canListHolidayLists} />
          </fieldset>
          <SubmitButton pending={form.pending} pendingLabel={t("pending")}>
            {t("submit")}
          </SubmitButton>
        </ConsoleForm>
      )}
    </div>
  );
}
