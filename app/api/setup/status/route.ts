import { setupStatusResponse } from "@/app/api/responses";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";
import { getSetupStatus } from "@/lib/settings/setup-status";

export const dynamic = "force-dynamic";

/** Spec 4.2: whether first-run setup is complete. */
export const GET = route(
  { rateLimit: "setup", summary: "Whether first-run setup is complete", response: { schema: setupStatusResponse } },
  async ({ services }) => ok({ status: await getSetupStatus(services.db) }),
);

export const { DELETE, OPTIONS, PATCH, POST, PUT } = otherMethods({ GET });
