import { z } from "zod";
import { nameSchemas } from "@/lib/platform/http/shapes";
import { paginationQuery } from "@/lib/platform/pagination";
import { PERMISSIONS, WILDCARD } from "./permissions";

const permissionField = z.enum([WILDCARD, ...PERMISSIONS], "Unknown permission.");

export const roleInputSchema = z.object({
  name: z
    .string()
    .trim()
    .regex(/^[\p{L}\d][\p{L}\d _.-]{1,49}$/u, "Use 2 to 50 letters, digits, spaces, dots, dashes or underscores."),
  description: z.string().trim().max(300, "Use at most 300 characters.").optional(),
  permissions: z
    .array(permissionField)
    .max(PERMISSIONS.length + 1)
    .transform((list) => [...new Set(list)].sort()),
});
export type RoleInput = z.output<typeof roleInputSchema>;

export const roleListQuery = paginationQuery(["name", "createdAt"], "name");
export type RoleListQuery = z.output<typeof roleListQuery>;

// The names these schemas go by in the OpenAPI document.
nameSchemas([[roleInputSchema, "RoleInput"]]);
