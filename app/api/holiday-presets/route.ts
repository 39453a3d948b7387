import { holidayPresetListResponse } from "@/app/api/responses";
import { listHolidayPresets } from "@/lib/employees/holiday-presets";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";

export const dynamic = "force-dynamic";

/** The public-holiday calendars a holiday list can take in one step, with the years each one has. */
export const GET = route(
  {
    access: "employees:read",
    summary: "List holiday presets",
    response: { schema: holidayPresetListResponse },
  },
  async () => ok({ items: listHolidayPresets() }),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
