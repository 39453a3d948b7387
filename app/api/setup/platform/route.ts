import { platform } from "@/lib/platform/container";
import { route } from "@/lib/platform/http/route";
import { configurePlatform, platformSettingsSchema } from "@/lib/setup/platform";

export const dynamic = "force-dynamic";

/** Spec 4.2: platform name and description, only while no user exists. */
export const POST = route({ rateLimit: "setup", body: platformSettingsSchema }, async ({ body }) =>
  configurePlatform((await platform()).database.db, body),
);
