"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useConsoleApi } from "@/console/api-client";
import type { EmployeeRow } from "@/console/club-api";
import { FormDialog } from "@/console/ui/dialog";
import { Checkbox, ChoiceFieldset, type FormFailure, SelectField, textOf, useFormMutation } from "@/console/ui/forms";
import { useDebounced } from "@/console/ui/list-page";
import { StaleRecordReload, useReloadAndClose } from "@/console/ui/stale-record";

export const employeeName = (employee: Pick<EmployeeRow, "firstName" | "lastName">) =>
  `${employee.firstName} ${employee.lastName}`;
export const employeePage = (employee: Pick<EmployeeRow, "id">) => `/employees/${encodeURIComponent(employee.id)}`;

const NO_LIST = { value: "", label: "None: every day is a working day" };

/** Every holiday list, for the choice of an employee's (a club has a handful; the API pages at 100). */
function useHolidayListChoices() {
  const api = useConsoleApi();
  return useQuery({
    queryKey: ["holiday-lists", "choices"],
    queryFn: () => api.holidayLists.list({ pageSize: 100, orderBy: "name", orderDirection: "asc" }),
    select: (page) => [NO_LIST, ...page.items.map((list) => ({ value: list.id, label: list.name }))],
  });
}

/** The holiday list select, once the lists are known (its initial value only applies when it first appears). */
function HolidayListField({ defaultValue }: { defaultValue: string }) {
  const choices = useHolidayListChoices();
  if (choices.isPending) return <p className="muted">Loading the holiday lists…</p>;
  if (choices.isError)
    return <p className="error-summary">The holiday lists could not be loaded: {choices.error.message}</p>;
  return (
    <SelectField
      name="holidayListId"
      options={choices.data}
      defaultValue={defaultValue}
      hint="Its weekly off days and holidays are not working days (Weekend or Holiday in the calendar)."
    />
  );
}

const ADD_LABELS = { search: "Find a user", userId: "User", holidayListId: "Holiday list" };
const ADD_CODE_FIELDS = {
  "Employee.AlreadyExists": "userId",
  "Employee.UserNotFound": "userId",
  "Employee.HolidayListNotFound": "holidayListId",
};

type NewEmployee = { userId: string };
const missingUser = (input: NewEmployee): FormFailure | null =>
  input.userId ? null : { message: "Choose the user to add.", fields: { userId: ["Choose a user."] } };

/** The users matching a search, to pick the one who becomes an employee. */
function UserChoice({ value, onChange }: { value: string; onChange: (userId: string) => void }) {
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
        <label htmlFor="employee-user-search">{ADD_LABELS.search}</label>
        <input
          id="employee-user-search"
          className="input"
          type="search"
          placeholder="Name or email"
          autoComplete="off"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>
      <ChoiceFieldset
        name="userId"
        hint="Active accounts only. Making a user an employee leaves their roles as they are."
      >
        {users.isPending ? (
          <p className="muted">Looking for users…</p>
        ) : users.isError ? (
          <p className="error-summary">The users could not be loaded: {users.error.message}</p>
        ) : users.data.items.length === 0 ? (
          <p className="muted">No active user matches.</p>
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
                    {user.email} · {user.roles.length > 0 ? user.roles.join(", ") : "no role"}
                  </span>
                </span>
              </label>
            ))}
            {users.data.totalCount > users.data.items.length && (
              <p className="muted field-hint">
                {users.data.totalCount - users.data.items.length} more: narrow the search.
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
  const api = useConsoleApi();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [userId, setUserId] = useState("");
  const form = useFormMutation(api.employees.create, {
    codeFields: ADD_CODE_FIELDS,
    precheck: missingUser,
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
      title="Add an employee"
      wide
      labels={ADD_LABELS}
      form={form}
      onClose={onClose}
      submitLabel="Add employee"
      pendingLabel="Adding…"
      onSubmit={(data) => form.submit({ userId, holidayListId: textOf(data, "holidayListId") || null })}
    >
      <p className="dialog-body muted">
        Employees clock in and out and have their days classified every night. To clock in themselves they need a role
        with the attendance:clock-in permission, such as Employee.
      </p>
      <UserChoice value={userId} onChange={setUserId} />
      <HolidayListField defaultValue="" />
    </FormDialog>
  );
}

const EMPLOYMENT_LABELS = { isActive: "Active", holidayListId: "Holiday list" };

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
  const api = useConsoleApi();
  const reload = useReloadAndClose(onClose);
  const form = useFormMutation(
    (input: { isActive: boolean; holidayListId: string | null }) =>
      api.employees.update(employee.id, input, employee.version),
    {
      codeFields: { "Employee.HolidayListNotFound": "holidayListId" },
      onSuccess: (saved) =>
        onDone(
          `${employeeName(saved)} is ${saved.isActive ? "active" : "inactive"}${saved.holidayList ? `, on the holiday list ${saved.holidayList.name}` : ", without a holiday list"}.`,
        ),
    },
  );
  return (
    <FormDialog
      title={`Employment of ${employeeName(employee)}`}
      labels={EMPLOYMENT_LABELS}
      form={form}
      onClose={onClose}
      submitLabel="Save"
      onSubmit={(data) =>
        form.submit({ isActive: data.has("isActive"), holidayListId: textOf(data, "holidayListId") || null })
      }
    >
      <Checkbox
        name="isActive"
        label="Active"
        description="Inactive employees cannot clock in and are left out of the nightly classification; their history stays."
        defaultChecked={employee.isActive}
      />
      <HolidayListField defaultValue={employee.holidayList?.id ?? ""} />
      <StaleRecordReload failure={form.failure} onReload={reload} />
    </FormDialog>
  );
}
