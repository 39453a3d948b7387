import type { Acting, ServiceContext } from "@/lib/services/context";

/**
 * What the attendance services read with: the database, the cache of day records, the clock, the club's time zone and
 * the key that signs list cursors (narrower than their ServiceContext fields, so a test builds only these).
 */
export type AttendanceContext = Pick<ServiceContext, "db" | "cache" | "now"> & {
  club: Pick<ServiceContext["club"], "timeZone" | "language">;
  keys: Pick<ServiceContext["keys"], "cursor">;
};
/** What its writes add: who acts (clocks for someone, submits or decides a request). */
export type AttendanceWriteContext = AttendanceContext & Acting;
