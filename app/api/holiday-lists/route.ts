import { personnelContext } from "@/lib/employees/context";
import { holidayListInputSchema, holidayListListQuery } from "@/lib/employees/schemas";
import { createHolidayList, listHolidayLists } from "@/lib/employees/service";
import { route } from "@/lib/platform/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** Paginated holiday lists without their entries (a detail read gives those). */
export const GET = route({ access: "employees:read", query: holidayListListQuery }, async ({ query, principal }) =>
  ok(await listHolidayLists(await personnelContext(principal), query)),
);

export const POST = route({ access: "employees:write", body: holidayListInputSchema, successStatus: 201 }, async ({ body, principal }) =>
  createHolidayList(await personnelContext(principal), body),
);
