"use client";

import { publicApi } from "@/console/api-client";
import { LinkConfirmation } from "../link-confirmation";

const WORDING = {
  pending: "Confirming your new email address…",
  done: "Email address changed",
  doneLead:
    "Your account now uses this address. You have been signed out everywhere: sign in again with the new address.",
  failed: "We could not change your email address",
};

export function ConfirmEmailChange({ token }: { token: string }) {
  return <LinkConfirmation token={token} confirm={publicApi.auth.confirmEmailChange} wording={WORDING} />;
}
