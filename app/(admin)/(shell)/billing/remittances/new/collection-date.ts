import { addDays, clubToday, isoWeekday } from "@/console/ui/attendance-format";

/**
 * The collection date the builder suggests: the first weekday at least two days ahead, so the file can reach the bank
 * today or tomorrow, a business day before the collection (the SEPA Core D-1 rule; docs/billing.md, Remittances).
 * Banks do not collect on weekends; bank holidays are the bank's to know.
 */
export function suggestedCollectionDate(timeZone: string, now: Date = new Date()): string {
  let date = addDays(clubToday(timeZone, now), 2);
  while (isoWeekday(date) > 5) date = addDays(date, 1);
  return date;
}

/** The earliest date the API takes: tomorrow in the club's time zone. */
export const earliestCollectionDate = (timeZone: string, now: Date = new Date()) =>
  addDays(clubToday(timeZone, now), 1);

export const isWeekend = (date: string) => isoWeekday(date) > 5;
