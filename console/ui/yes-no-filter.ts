/** A select's "all / yes / no" value as the API's optional boolean filter: "" leaves the filter out. */
export const yesNoFilter = (value: "" | "true" | "false"): boolean | undefined =>
  value === "" ? undefined : value === "true";
