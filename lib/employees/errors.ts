import { businessError } from "@/lib/platform/result";

export const EmployeeErrors = {
  /** The attendance endpoints answer this code too, for an unknown employee in their path. */
  notFound: businessError("Employee.NotFound", "not_found", "No employee has that id."),
  /** Clocking in or out needs an active employee: an inactive one is answered like an unknown one. */
  notActive: businessError("Employee.NotFound", "not_found", "No active employee has that id."),
  userNotFound: businessError("Employee.UserNotFound", "invalid", "No user has that id."),
  alreadyExists: businessError("Employee.AlreadyExists", "conflict", "That user is already an employee."),
  holidayListNotFound: businessError("Employee.HolidayListNotFound", "invalid", "No holiday list has that id."),
} as const;

export const HolidayListErrors = {
  notFound: businessError("HolidayList.NotFound", "not_found", "No holiday list has that id."),
  duplicateName: businessError("HolidayList.DuplicateName", "conflict", "Another holiday list already uses that name."),
  inUse: businessError(
    "HolidayList.InUse",
    "conflict",
    "Employees still use this holiday list; give them another list first.",
  ),
  isDefault: businessError(
    "HolidayList.IsDefault",
    "conflict",
    "This is the club's default holiday list; make another list the default (or unset it) first.",
  ),
  presetYearNotAvailable: businessError(
    "HolidayList.PresetYearNotAvailable",
    "invalid",
    "That preset has no holidays for that year; GET /api/holiday-presets lists the years each preset has.",
  ),
} as const;

export const ShiftTypeErrors = {
  notFound: businessError("ShiftType.NotFound", "not_found", "No shift type has that id."),
  duplicateName: businessError("ShiftType.DuplicateName", "conflict", "Another shift type already uses that name."),
} as const;
