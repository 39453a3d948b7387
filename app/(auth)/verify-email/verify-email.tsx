"use client";

import { publicApi } from "@/console/api-client";
import { LinkConfirmation } from "../link-confirmation";

export function VerifyEmail({ token }: { token: string }) {
  return <LinkConfirmation token={token} confirm={publicApi.auth.verifyEmail} kind="verifyEmail" />;
}
