"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTimeZone, useTranslations } from "next-intl";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { EmployeeRow } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { FormDialog } from "@/console/ui/dialog";
import {
  Checkbox,
  ChoiceFieldset,
  type FormFailure,
  SelectField,
  TextField,
  textOf,
  useFormMutation,
} from "@/console/ui/forms";
import { useDebounced } from "@/console/ui/list-page";
import { StaleRecordReload, useReloadAndClose } from "@/console/ui/stale-record";
import { localDate } from "@/lib/platform/calendar";

export const employeeName = (employee: Pick<EmployeeRow, "firstName" | "lastName">) =>
  `${employee.firstName} ${employee.lastName}`;
export const employeePage = (employee: Pick<EmployeeRow, "id">) => `/employees/${encodeURIComponent(employee.id)}`;

/**
 * Every holiday list, for the choice of an employee's (a club has a handful; the API pages at 100). No list of their
 * own means the club's default list, or every day a working day when the club has none.
 */
function useHolidayListChoices() {
  const t = useTranslations("employees");
  const api = useConsoleApi();
  return useQuery({
    queryKey: ["holiday-lists", "choices"],
    queryFn: () => api.holidayLists.list({ pageSize: 100, orderBy: "name", orderDirection: "asc" }),
    select: (page) => {
      const clubDefault = page.items.find((list) => list.isDefault);
      const none = clubDefault ? t("holidayList.useDefault", { name: clubDefault.name }) : t("noList");
      return [{ value: "", label: none }, ...page.items.map((list) => ({ value: list.id, label: list.name }))];
    },
  });
}

/** The holiday list select, once the lists are known (its initial value only applies when it first appears). */
function HolidayListField({ defaultValue }: { defaultValue: string }) {
  const t = useTranslations("employees.holidayList");
  const choices = useHolidayListChoices();
  if (choices.isPending) return <p className="muted">{t("loading")}</p>;
  if (choices.isError) return <p className="error-summary">{t("failed", { message: choices.error.message })}</p>;
  return <SelectField name="holidayListId" options={choices.data} defaultValue={defaultValue} hint={t("hint")} />;
}

/** The first working day: no attendance is kept before it (today on the club's calendar unless changed). */
function StartsOnField({ defaultValue }: { defaultValue: string }) {
  const t = useTranslations("employees");
  return <TextField name="startsOn" type="date" defaultValue={defaultValue} hint={t("startsOnHint")} />;
}

function useEmployeeLabels() {
  const t = useTranslations("employees.labels");
  return {
    search: t("search"),
    userId: t("userId"),
    holidayListId: t("holidayListId"),
    startsOn: t("startsOn"),
    isActive: t("isActive"),
  };
}

type NewEmployee = { userId: string };
const ADD_CODE_FIELDS = {
  "Employee.AlreadyExists": "userId",
  "Employee.UserNotFound": "userId",
  "Employee.HolidayListNotFound": "holidayListId",
};

/** The users matching a search, to pick the one who becomes an employee. */
function UserChoice({ value, onChange }: { value: string; onChange: (userId: string) => void }) {
  const t = useTranslations("employees");
  const labels = useEmployeeLabels();
  const api = useConsoleApi();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim(), 300);
  const users = useQuery({
    queryKey: ["users", "choices", search],
    queryFn: () =>
      api.users.list({
        search: search || undefined,
        status: "active",
        pageSize: 8,
        orderBy: "lastName",
        orderDirection: "asc",
      }),
  });
  return (
    <>
      <div className="field">
        <label htmlFor="employee-user-search">{labels.search}</label>
        <input
          id="employee-user-search"
          className="input"
          type="search"
          placeholder={t("searchPlaceholder")}
          autoComplete="off"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>
      <ChoiceFieldset name="userId" hint={t("usersHint")}>
        {users.isPending ? (
          <p className="muted">{t("lookingForUsers")}</p>
        ) : users.isError ? (
          <p className="error-summary">{t("usersFailed", { message: users.error.message })}</p>
        ) : users.data.items.length === 0 ? (
          <p className="muted">{t("noUser")}</p>
        ) : (
          <div className="user-choices">
            {users.data.items.map((user) => (
              <label key={user.id} className="checkbox user-choice">
                <input
                  type="radio"
                  name="userId"
                  value={user.id}
                  checked={value === user.id}
                  onChange={() => onChange(user.id)}
                />
                <span>
                  {user.firstName} {user.lastName}
                  <span className="checkbox-description">
                    {user.email} · {user.roles.length > 0 ? user.roles.join(", ") : t("noRole")}
                  </span>
                </span>
              </label>
            ))}
            {users.data.totalCount > users.data.items.length && (
              <p className="muted field-hint">
                {t("moreUsers", { count: users.data.totalCount - users.data.items.length })}
              </p>
            )}
          </div>
        )}
      </ChoiceFieldset>
    </>
  );
}

/** Makes a user an employee, then opens their page. */
export function AddEmployeeDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations("employees");
  const labels = useEmployeeLabels();
  const timeZone = useTimeZone() ?? "UTC";
  const [today] = useState(() => localDate(new Date(), timeZone));
  const api = useConsoleApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [userId, setUserId] = useState("");
  const form = useFormMutation(api.employees.create, {
    codeFields: ADD_CODE_FIELDS,
    precheck: (input: NewEmployee): FormFailure | null =>
      input.userId ? null : { message: t("chooseUser"), fields: { userId: [t("chooseUserField")] } },
    holdAfterSuccess: true,
    // The lists (employees, the queue's employee filter, the holiday lists' employee counts) load again when
    // shown; then the new employee's page.
    onSuccess: async (employee) => {
      await Promise.all(
        [["employees"], ["holiday-lists"]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, refetchType: "none" }),
        ),
      );
      router.push(employeePage(employee));
    },
  });
  return (
    <FormDialog
      title={t("addTitle")}
      wide
      labels={labels}
      form={form}
      onClose={onClose}
      submitLabel={t("add")}
      pendingLabel={t("adding")}
      onSubmit={(data) =>
        form.submit({
          userId,
          holidayListId: textOf(data, "holidayListId") || null,
          startsOn: textOf(data, "startsOn") || undefined,
        })
      }
    >
      <p className="dialog-body muted">{t("addLead")}</p>
      <UserChoice value={userId} onChange={setUserId} />
      <StartsOnField defaultValue={today} />
      <HolidayListField defaultValue="" />
    </FormDialog>
  );
}

/** Whether the employee works here now, and which holiday list decides their days off. */
export function EmploymentDialog({
  employee,
  onClose,
  onDone,
}: {
  employee: EmployeeRow;
  onClose: () => void;
  onDone: (notice: string) => void;
}) {
  const t = useTranslations("employees");
  const format = useClubFormat();
  const labels = useEmployeeLabels();
  const api = useConsoleApi();
  const reload = useReloadAndClose(onClose);
  const form = useFormMutation(
    (input: { isActive: boolean; holidayListId: string | null; startsOn?: string }) =>
      api.employees.update(employee.id, input, employee.version),
    {
      codeFields: { "Employee.HolidayListNotFound": "holidayListId" },
      onSuccess: (saved) =>
        onDone(
          saved.isActive
            ? t("savedActive", { name: employeeName(saved), date: format.calendarDate(saved.startsOn) })
            : t("savedInactive", { name: employeeName(saved) }),
        ),
    },
  );
  return (
    <FormDialog
      title={t("employmentTitle", { name: employeeName(employee) })}
      labels={labels}
      form={form}
      onClose={onClose}
      submitLabel={t("save")}
      onSubmit={(data) =>
        form.submit({
          isActive: data.has("isActive"),
          holidayListId: textOf(data, "holidayListId") || null,
          startsOn: textOf(data, "startsOn") || undefined,
        })
      }
    >
      <Checkbox
        name="isActive"
        label={labels.isActive}
        description={t("activeDescription")}
        defaultChecked={employee.isActive}
      />
      <StartsOnField defaultValue={employee.startsOn} />
      <HolidayListField defaultValue={employee.holidayList?.id ?? ""} />
      <StaleRecordReload failure={form.failure} onReload={reload} />
    </FormDialog>
  );
}
