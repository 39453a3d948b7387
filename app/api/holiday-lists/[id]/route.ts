import { holidayListResponse } from "@/app/api/responses";
import { HolidayListErrors } from "@/lib/employees/errors";
import { holidayListInputSchema } from "@/lib/employees/schemas";
import { deleteHolidayList, getHolidayList, updateHolidayList } from "@/lib/employees/service";
import { expectedVersion } from "@/lib/http/entity-tags";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "employees:read",
    params: idParams,
    summary: "Get a holiday list",
    versioned: true,
    response: { schema: holidayListResponse },
    errors: [HolidayListErrors.notFound],
  },
  async ({ params, services }) => getHolidayList(services, params.id),
);

/** Replaces the list: name, weekly off days and the whole set of entries. */
export const PUT = route(
  {
    access: "employees:write",
    params: idParams,
    body: holidayListInputSchema,
    summary: "Replace a holiday list",
    versioned: true,
    response: { schema: holidayListResponse },
    errors: [HolidayListErrors.notFound, HolidayListErrors.duplicateName],
  },
  async ({ params, body, services, request }) => updateHolidayList(services, params.id, body, expectedVersion(request)),
);

/** 204; 409 HolidayList.InUse while employees use it, 409 HolidayList.IsDefault while it is the club's default. */
export const DELETE = route(
  {
    access: "employees:write",
    params: idParams,
    summary: "Delete a holiday list",
    versioned: true,
    successStatus: 204,
    errors: [HolidayListErrors.notFound, HolidayListErrors.inUse, HolidayListErrors.isDefault],
  },
  async ({ params, services, request }) => deleteHolidayList(services, params.id, expectedVersion(request)),
);

export const { OPTIONS, PATCH, POST } = otherMethods({ GET, PUT, DELETE });
