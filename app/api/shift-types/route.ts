import { shiftTypePageResponse, shiftTypeResponse } from "@/app/api/responses";
import { ShiftTypeErrors } from "@/lib/employees/errors";
import { shiftTypeInputSchema, shiftTypeListQuery } from "@/lib/employees/schemas";
import { createShiftType, listShiftTypes } from "@/lib/employees/service";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** Shift types exist as data only: assigning them to employees is inactive (spec 2.8). */
export const GET = route(
  {
    access: "employees:read",
    query: shiftTypeListQuery,
    summary: "List shift types",
    response: { schema: shiftTypePageResponse },
  },
  async ({ query, services }) => ok(await listShiftTypes(services, query)),
);

export const POST = route(
  {
    access: "employees:write",
    body: shiftTypeInputSchema,
    successStatus: 201,
    location: "/api/shift-types/{id}",
    summary: "Create a shift type",
    response: { schema: shiftTypeResponse },
    errors: [ShiftTypeErrors.duplicateName],
  },
  async ({ body, services }) => createShiftType(services, body),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
