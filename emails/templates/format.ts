/** Display formatting shared by the templates. Dates are calendar dates, so they are formatted in UTC to avoid shifting a day. */
const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "2025-03-15" → "15 March 2025". */
export const formatDate = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`));

/** (49, "EUR") → "€49.00". */
export const formatMoney = (value: number, currency: string) =>
  new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(value);

/** (1, "day") → "1 day", (3, "day") → "3 days". */
export const pluralize = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
