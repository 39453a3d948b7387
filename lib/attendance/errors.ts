import { businessError } from "@/lib/platform/result";

/** Error codes of clock events, attendance records and correction requests (spec 3.2, 3.4, 7). */
export const AttendanceErrors = {
  notAnEmployee: businessError(
    "Employee.NotLinked",
    "not_found",
    "Your account is not linked to an active employee; ask an administrator to add you as staff.",
  ),
  alreadyClockedIn: businessError(
    "Checkin.AlreadyClockedIn",
    "conflict",
    "The employee is already clocked in; clock out first.",
  ),
  noActiveCheckin: businessError(
    "Checkin.NoActiveCheckin",
    "conflict",
    "The employee is not clocked in; there is nothing to clock out of.",
  ),
  recordNotFound: businessError(
    "Attendance.NotFound",
    "not_found",
    "The employee has no attendance record for that date.",
  ),
  requestNotFound: businessError("AttendanceRequest.NotFound", "not_found", "No attendance request has that id."),
  windowExpired: businessError(
    "AttendanceRequest.WindowExpired",
    "invalid",
    "Corrections can be requested only within 7 days after the attendance date.",
  ),
  futureDate: businessError("AttendanceRequest.FutureDate", "invalid", "The attendance date has not happened yet."),
  duplicateOpen: businessError(
    "AttendanceRequest.DuplicateOpen",
    "conflict",
    "An open correction request already exists for that date; wait for its decision.",
  ),
  selfDecision: businessError(
    "AttendanceRequest.SelfDecision",
    "forbidden",
    "You cannot decide your own correction request; another holder of attendance-requests:manage must decide it.",
  ),
  // The spec names this code without a module prefix (7, 3.2).
  alreadyDecided: businessError(
    "AlreadyDecided",
    "conflict",
    "The request has already been decided and is no longer open.",
  ),
} as const;
