import type { Metadata } from "next";
import { ConfirmEmailChange } from "./confirm-email-change";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Confirm your new email" };

/** The link mailed to a new address after staff changed an account's email: `/confirm-email-change?token=…`. */
export default async function ConfirmEmailChangePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return <ConfirmEmailChange token={typeof token === "string" ? token : ""} />;
}
