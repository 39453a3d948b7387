import { employeeResponse } from "@/app/api/responses";
import { EmployeeErrors } from "@/lib/employees/errors";
import { updateEmployeeSchema } from "@/lib/employees/schemas";
import { getEmployee, updateEmployee } from "@/lib/employees/service";
import { expectedVersion } from "@/lib/http/entity-tags";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "employees:read",
    params: idParams,
    summary: "Get an employee",
    versioned: true,
    response: { schema: employeeResponse },
    errors: [EmployeeErrors.notFound],
  },
  async ({ params, services }) => getEmployee(services, params.id),
);

/** Sets isActive and the holiday list; an inactive employee cannot clock in and is left out of the nightly classification. */
export const PUT = route(
  {
    access: "employees:write",
    params: idParams,
    body: updateEmployeeSchema,
    summary: "Update an employee",
    versioned: true,
    response: { schema: employeeResponse },
    errors: [EmployeeErrors.notFound, EmployeeErrors.holidayListNotFound],
  },
  async ({ params, body, services, request }) => updateEmployee(services, params.id, body, expectedVersion(request)),
);

export const { DELETE, OPTIONS, PATCH, POST } = otherMethods({ GET, PUT });
