import { holidayListPageResponse, holidayListResponse } from "@/app/api/responses";
import { HolidayListErrors } from "@/lib/employees/errors";
import { holidayListInputSchema, holidayListListQuery } from "@/lib/employees/schemas";
import { createHolidayList, listHolidayLists } from "@/lib/employees/service";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** Paginated holiday lists without their entries (a detail read gives those). */
export const GET = route(
  {
    access: "employees:read",
    query: holidayListListQuery,
    summary: "List holiday lists",
    response: { schema: holidayListPageResponse },
  },
  async ({ query, services }) => ok(await listHolidayLists(services, query)),
);

export const POST = route(
  {
    access: "employees:write",
    body: holidayListInputSchema,
    successStatus: 201,
    location: "/api/holiday-lists/{id}",
    summary: "Create a holiday list",
    response: { schema: holidayListResponse },
    errors: [HolidayListErrors.duplicateName],
  },
  async ({ body, services }) => createHolidayList(services, body),
);

export const { DELETE, OPTIONS, PATCH, PUT } = otherMethods({ GET, POST });
