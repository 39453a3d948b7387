import { z } from "zod";
import { emailField, passwordField, personNameField, usernameField } from "@/lib/auth/account-schema";
import { createEmployeeSchema } from "@/lib/employees/schemas";
import { nameSchemas } from "@/lib/platform/http/shapes";
import { roleNames } from "@/lib/users/schemas";
import { DEFAULT_STAFF_ROLE } from "./default-role";

/** What an employee record needs besides its user, whatever fields lib/employees adds to it. */
const staffEmployeeSchema = createEmployeeSchema.omit({ userId: true });

export const addStaffMemberSchema = z.object({
  email: emailField,
  firstName: personNameField,
  lastName: personNameField,
  username: usernameField.optional().meta({
    description: "Defaults to the email's local part, with a number added when that username is taken.",
  }),
  roles: roleNames
    .refine((names) => names.length > 0, "Choose at least one role.")
    .default([DEFAULT_STAFF_ROLE])
    .meta({
      description: `The roles to grant; the caller must hold every permission they carry. Default: ${DEFAULT_STAFF_ROLE}.`,
    }),
  employee: staffEmployeeSchema
    .prefault({})
    .meta({ description: "The employee record. Without a holidayListId the employee follows the club's default." }),
});
export type AddStaffMemberInput = z.output<typeof addStaffMemberSchema>;

export const acceptInvitationSchema = z.object({ token: z.string().min(1).max(200), newPassword: passwordField });

// The names these schemas go by in the OpenAPI document.
nameSchemas([
  [addStaffMemberSchema, "NewStaffMember"],
  [acceptInvitationSchema, "AcceptInvitation"],
]);
