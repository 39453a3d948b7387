import { employeePageResponse, employeeResponse } from "@/app/api/responses";
import { EmployeeErrors } from "@/lib/employees/errors";
import { createEmployeeSchema, employeeListQuery } from "@/lib/employees/schemas";
import { createEmployee, listEmployees } from "@/lib/employees/service";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** Paginated employees, searchable by the linked user's name or email and filterable by isActive. */
export const GET = route(
  {
    access: "employees:read",
    query: employeeListQuery,
    summary: "List employees",
    response: { schema: employeePageResponse },
  },
  async ({ query, services }) => ok(await listEmployees(services, query)),
);

/** Makes an existing user an employee (at most once per user). */
export const POST = route(
  {
    access: "employees:write",
    body: createEmployeeSchema,
    successStatus: 201,
    location: "/api/employees/{id}",
    summary: "Make a user an employee",
    response: { schema: employeeResponse },
    errors: [EmployeeErrors.userNotFound, EmployeeErrors.holidayListNotFound, EmployeeErrors.alreadyExists],
  },
  async ({ body, services }) => createEmployee(services, body),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
