import { z } from "zod";

/** Field rules shared by setup, registration and user management. */
export const emailField = z
  .email("Enter a valid email address.")
  .max(254)
  .transform((email) => email.trim());
export const usernameField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,50}$/, "Use 3 to 50 letters, digits, dots, dashes or underscores.");
export const personNameField = z.string().trim().min(1, "Required.").max(100, "Use at most 100 characters.");
/** Only presence and a hard cap here: the stored password policy decides the rest. */
export const passwordField = z.string().min(1, "Required.").max(1024);

export const newAccountSchema = z.object({
  email: emailField,
  username: usernameField,
  password: passwordField,
  firstName: personNameField,
  lastName: personNameField,
});
export type NewAccount = z.output<typeof newAccountSchema>;
