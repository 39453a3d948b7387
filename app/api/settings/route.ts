import { settingsResponse } from "@/app/api/responses";
import { expectedVersion } from "@/lib/http/entity-tags";
import { otherMethods } from "@/lib/http/method-not-allowed";
import { route } from "@/lib/http/route";
import { ok } from "@/lib/platform/result";
import { getSettings, updateSettings } from "@/lib/setup/settings";
import { SettingsErrors } from "@/lib/setup/settings-errors";
import { settingsInputSchema } from "@/lib/setup/settings-schema";

export const dynamic = "force-dynamic";

export const GET = route(
  {
    access: "settings:read",
    summary: "The club's settings",
    description:
      "Name, description, language, time zone and currency, as staff edit them, and the club's tax data as the issuer of its invoices.",
    versioned: true,
    response: { schema: settingsResponse },
  },
  async ({ services }) => ok(await getSettings(services)),
);

export const PUT = route(
  {
    access: "settings:write",
    body: settingsInputSchema,
    summary: "Change the club's settings",
    description:
      "Replaces them all (audited as `settings.updated`); `taxData` only when sent (billing starts once it is complete: docs/billing.md), its NIF/CIF validated with its check character. The currency changes only while no plan or subscription exists. Every instance uses the new values within 5 seconds.",
    versioned: true,
    response: { schema: settingsResponse },
    errors: [SettingsErrors.currencyInUse],
  },
  async ({ body, services, request }) => updateSettings(services, body, expectedVersion(request)),
);

export const { DELETE, OPTIONS, PATCH, POST } = otherMethods({ GET, PUT });
