import { platformSettingsResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { SetupErrors } from "@/lib/setup/errors";
import { configurePlatform, platformSettingsSchema } from "@/lib/setup/platform";
import { SETUP_CODE_PARAMETER } from "../setup-code-parameter";

export const dynamic = "force-dynamic";

/** Spec 4.2: platform name and description, only while no user exists; with the setup code (issue 28). */
export const POST = route(
  {
    rateLimit: "setup",
    body: platformSettingsSchema,
    summary: "Set the platform name and description",
    response: { schema: platformSettingsResponse },
    errors: [SetupErrors.alreadyCompleted, SetupErrors.codeRequired],
    requestHeaders: [SETUP_CODE_PARAMETER],
  },
  async ({ body, request, services }) =>
    configurePlatform(services, body, request.headers.get(SETUP_CODE_PARAMETER.name)),
);

export const { DELETE, GET, HEAD, OPTIONS, PATCH, PUT } = otherMethods({ POST });
