"use client";

import "client-only";

import { useFormatter, useTimeZone, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { AttendanceStatus, CheckinSource, RequestStatus } from "@/console/club-api";
import { useClubFormat } from "@/console/i18n/club-format";
import { localDate } from "@/lib/platform/calendar";
import { ATTENDANCE_LOOKS, daysBetween, type Month, REQUEST_BADGES } from "./attendance-format";

/** 1 January 2024 was a Monday: ISO weekday n is 2024-01-0n, whose name Intl gives in the reader's language. */
const weekdayDate = (isoWeekday: number) => new Date(Date.UTC(2024, 0, isoWeekday));

/**
 * Attendance in the reader's words and the club's formats: statuses, sources, durations ("8 h 30 min"), months and
 * weekday names, and times on the club's clock that say when they fall on another day. Built on the console's one
 * formatter (useClubFormat) and next-intl's, in the club's time zone.
 */
export function useAttendanceFormat() {
  const t = useTranslations("attendance");
  const club = useClubFormat();
  const intl = useFormatter();
  const timeZone = useTimeZone() ?? "UTC";
  return useMemo(() => {
    const hours = (value: number) => {
      const total = Math.round(value * 60);
      if (total < 60) return t("duration.minutes", { minutes: total });
      const whole = Math.floor(total / 60);
      const rest = total % 60;
      return rest === 0
        ? t("duration.hours", { hours: whole })
        : t("duration.hoursMinutes", { hours: whole, minutes: String(rest).padStart(2, "0") });
    };
    return {
      timeZone,
      today: () => localDate(new Date(), timeZone),
      status: (status: AttendanceStatus) => t(`statuses.${status}`),
      statusLook: (status: AttendanceStatus) => ({
        label: t(`statuses.${status}`),
        badge: ATTENDANCE_LOOKS[status].badge,
      }),
      requestLook: (status: RequestStatus) => ({
        label: t(`requestStatuses.${status}`),
        badge: REQUEST_BADGES[status],
      }),
      source: (source: CheckinSource) => t(`sources.${source}`),
      hours,
      minutes: (value: number) => (value === 0 ? t("duration.none") : hours(value / 60)),
      longDate: club.longDate,
      date: club.calendarDate,
      dateTime: club.dateTime,
      time: club.time,
      /** A time on the club's clock, saying when it falls on another day than `day`. */
      timeOn: (iso: string, day: string) => {
        const time = club.time(iso);
        const onDay = localDate(new Date(iso), timeZone);
        const offset = daysBetween(day, onDay);
        if (offset === 0) return time;
        return offset === 1 ? t("timeNextDay", { time }) : t("timeOtherDay", { time, date: club.calendarDate(onDay) });
      },
      month: (month: Month) =>
        intl.dateTime(new Date(`${month}-01T00:00:00Z`), { month: "long", year: "numeric", timeZone: "UTC" }),
      weekday: (isoWeekday: number, width: "short" | "long") =>
        intl.dateTime(weekdayDate(isoWeekday), { weekday: width, timeZone: "UTC" }),
    };
  }, [t, club, intl, timeZone]);
}

export type AttendanceFormat = ReturnType<typeof useAttendanceFormat>;
