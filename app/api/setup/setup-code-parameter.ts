import type { RequestHeaderDoc } from "@/lib/http/route";
import { SETUP_CODE_HEADER } from "@/lib/setup/setup-code";

/** The header both setup POSTs read (docs/api.md, Setup). */
export const SETUP_CODE_PARAMETER: RequestHeaderDoc = {
  name: SETUP_CODE_HEADER,
  required: true,
  description:
    "The setup code the server printed when it started (or SETUP_CODE); case, spaces and dashes do not matter. Missing or wrong: `403 Setup.CodeRequired`. Once set up, `409 Setup.AlreadyCompleted` whatever it holds.",
  example: "7KQ2M-XW4RT-9HC3N",
};
