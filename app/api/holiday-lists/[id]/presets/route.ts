import { holidayListResponse } from "@/app/api/responses";
import { HolidayListErrors } from "@/lib/employees/errors";
import { applyHolidayPresetSchema } from "@/lib/employees/schemas";
import { applyHolidayPreset } from "@/lib/employees/service";
import { expectedVersion } from "@/lib/http/entity-tags";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { idParams } from "@/lib/platform/http/params";

export const dynamic = "force-dynamic";

/** Adds a preset's holidays for one year; dates the list already has are kept, so applying it again adds nothing. */
export const POST = route(
  {
    access: "employees:write",
    params: idParams,
    body: applyHolidayPresetSchema,
    summary: "Add a preset's holidays to a holiday list",
    versioned: true,
    response: { schema: holidayListResponse },
    errors: [HolidayListErrors.notFound, HolidayListErrors.presetYearNotAvailable],
  },
  async ({ params, body, services, request }) =>
    applyHolidayPreset(services, params.id, body, expectedVersion(request)),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
