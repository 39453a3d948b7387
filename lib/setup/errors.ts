import { businessError } from "@/lib/platform/result";

export const SetupErrors = {
  alreadyCompleted: businessError("Setup.AlreadyCompleted", "conflict", "Setup is already complete: sign in instead."),
  codeRequired: businessError(
    "Setup.CodeRequired",
    "forbidden",
    "Enter the setup code the server printed when it started: only whoever runs the server can set it up.",
  ),
  platformNotConfigured: businessError(
    "Setup.PlatformNotConfigured",
    "conflict",
    "Set up the platform (its name) before creating the super-administrator.",
  ),
} as const;
