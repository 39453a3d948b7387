import { businessError } from "@/lib/platform/result";

export const PlanErrors = {
  notFound: businessError("Plan.NotFound", "not_found", "No plan has that id."),
  duplicateCode: businessError("Plan.DuplicateCode", "conflict", "Another plan already uses that code."),
} as const;
