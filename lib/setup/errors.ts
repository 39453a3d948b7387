import { businessError } from "@/lib/platform/result";

export const SetupErrors = {
  alreadyCompleted: businessError("Setup.AlreadyCompleted", "conflict", "Setup is already complete: sign in instead."),
  platformNotConfigured: businessError(
    "Setup.PlatformNotConfigured",
    "conflict",
    "Configure the platform (POST /api/setup/platform) before creating the super-administrator.",
  ),
} as const;
