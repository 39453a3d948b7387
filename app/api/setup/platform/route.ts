import { platformSettingsResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { SetupErrors } from "@/lib/setup/errors";
import { configurePlatform, platformSettingsSchema } from "@/lib/setup/platform";

export const dynamic = "force-dynamic";

/** Spec 4.2: platform name and description, only while no user exists. */
export const POST = route(
  {
    rateLimit: "setup",
    body: platformSettingsSchema,
    summary: "Set the platform name and description",
    response: { schema: platformSettingsResponse },
    errors: [SetupErrors.alreadyCompleted],
  },
  async ({ body, services }) => configurePlatform(services, body),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
