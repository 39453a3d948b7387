import { z } from "zod";
import { emailField, newAccountSchema, personNameField, usernameField } from "@/lib/auth/account-schema";
import { searchFilter } from "@/lib/platform/http/params";
import { nameSchemas } from "@/lib/platform/http/shapes";
import { paginationQuery } from "@/lib/platform/pagination";

export const userListQuery = paginationQuery(
  ["email", "username", "firstName", "lastName", "createdAt", "lastLoginAt"],
  "createdAt",
).extend({
  search: searchFilter("Text the email, username, first or last name contains, ignoring case."),
  status: z
    .enum(["active", "inactive", "blacklisted"])
    .optional()
    .meta({ description: "active: may sign in; inactive: deactivated; blacklisted: blocked." }),
});
export type UserListQuery = z.output<typeof userListQuery>;

export const roleNames = z
  .array(z.string().trim().min(1).max(50))
  .max(20)
  .transform((names) => [...new Set(names)]);

export const createUserSchema = newAccountSchema.extend({ roles: roleNames.default(["User"]) });
export type CreateUserInput = z.output<typeof createUserSchema>;

export const updateUserSchema = z.object({
  email: emailField,
  username: usernameField,
  firstName: personNameField,
  lastName: personNameField,
  isActive: z.boolean(),
});
export type UpdateUserInput = z.output<typeof updateUserSchema>;

/** The body of a page that follows an emailed link: the link's one-time token. */
export const emailedLinkSchema = z.object({ token: z.string().min(1).max(200) });

export const assignRolesSchema = z.object({ roles: roleNames });
export const blacklistSchema = z.object({ reason: z.string().trim().min(1, "Give a reason for blocking.").max(500) });

// The names these schemas go by in the OpenAPI document.
nameSchemas([
  [newAccountSchema, "NewAccount"],
  [emailedLinkSchema, "EmailedLink"],
  [blacklistSchema, "BlacklistRequest"],
]);
