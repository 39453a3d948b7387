import { shiftTypeResponse } from "@/app/api/responses";
import { personnelContext } from "@/lib/employees/context";
import { ShiftTypeErrors } from "@/lib/employees/errors";
import { shiftTypeInputSchema } from "@/lib/employees/schemas";
import { deleteShiftType, getShiftType, updateShiftType } from "@/lib/employees/service";
import { expectedVersion } from "@/lib/http/entity-tags";
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
  async ({ params, principal }) => getShiftType(await personnelContext(principal), params.id),
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
  async ({ params, body, principal, request }) =>
    updateShiftType(await personnelContext(principal), params.id, body, expectedVersion(request)),
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
  async ({ params, principal, request }) =>
    deleteShiftType(await personnelContext(principal), params.id, expectedVersion(request)),
);
