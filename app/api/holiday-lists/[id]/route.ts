import { personnelContext } from "@/lib/employees/context";
import { holidayListInputSchema } from "@/lib/employees/schemas";
import { deleteHolidayList, getHolidayList, updateHolidayList } from "@/lib/employees/service";
import { idParams } from "@/lib/platform/http/params";
import { route } from "@/lib/platform/http/route";

export const dynamic = "force-dynamic";

export const GET = route({ access: "employees:read", params: idParams }, async ({ params, principal }) =>
  getHolidayList(await personnelContext(principal), params.id),
);

/** Replaces the list: name, weekly off days and the whole set of entries. */
export const PUT = route({ access: "employees:write", params: idParams, body: holidayListInputSchema }, async ({ params, body, principal }) =>
  updateHolidayList(await personnelContext(principal), params.id, body),
);

/** 204; 409 HolidayList.InUse while employees use it. */
export const DELETE = route({ access: "employees:write", params: idParams }, async ({ params, principal }) => {
  const deleted = await deleteHolidayList(await personnelContext(principal), params.id);
  return deleted.ok ? new Response(null, { status: 204 }) : deleted;
});
