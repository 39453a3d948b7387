"use client";

import { publicApi } from "@/console/api-client";
import { LinkConfirmation } from "../link-confirmation";

const WORDING = {
  pending: "Confirming your email…",
  done: "Email confirmed",
  doneLead: "Thank you: your address is confirmed and you can sign in.",
  failed: "We could not confirm your email",
};

export function VerifyEmail({ token }: { token: string }) {
  return <LinkConfirmation token={token} confirm={publicApi.auth.verifyEmail} wording={WORDING} />;
}
