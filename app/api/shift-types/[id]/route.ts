import { shiftTypeResponse } from "@/app/api/responses";
import { ShiftTypeErrors } from "@/lib/employees/errors";
import { shiftTypeInputSchema } from "@/lib/employees/schemas";
import { deleteShiftType, getShiftType, updateShiftType } from "@/lib/employees/service";
import { expectedVersion } from "@/lib/http/entity-tags";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "employees:read",
    params: idParams,
    summary: "Get a shift type",
    versioned: true,
    response: { schema: shiftTypeResponse },
    errors: [ShiftTypeErrors.notFound],
  },
  async ({ params, services }) => getShiftType(services, params.id),
);

export const PUT = route(
  {
    access: "employees:write",
    params: idParams,
    body: shiftTypeInputSchema,
    summary: "Update a shift type",
    versioned: true,
    response: { schema: shiftTypeResponse },
    errors: [ShiftTypeErrors.notFound, ShiftTypeErrors.duplicateName],
  },
  async ({ params, body, services, request }) => updateShiftType(services, params.id, body, expectedVersion(request)),
);

/** 204: nothing references a shift type while assignment is inactive. */
export const DELETE = route(
  {
    access: "employees:write",
    params: idParams,
    summary: "Delete a shift type",
    versioned: true,
    successStatus: 204,
    errors: [ShiftTypeErrors.notFound],
  },
  async ({ params, services, request }) => deleteShiftType(services, params.id, expectedVersion(request)),
);

export const { OPTIONS, PATCH, POST } = otherMethods({ GET, PUT, DELETE });
