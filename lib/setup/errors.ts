import { businessError } from "@/lib/platform/result";

export const SetupErrors = {
  alreadyCompleted: businessError("Setup.AlreadyCompleted", "conflict", "Setup is already complete: sign in instead."),
  platformNotConfigured: businessError(
    "Setup.PlatformNotConfigured",
    "conflict",
    "Set up the platform (its name) before creating the super-administrator.",
  ),
} as const;
