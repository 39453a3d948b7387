import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { redirectSignedIn, setupStatus } from "@/lib/console/session";
import { LoginForm } from "./login-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

/** Only a path of this site: an absolute or protocol-relative URL could send the user elsewhere. */
function localPath(candidate: string | string[] | undefined): string {
  return typeof candidate === "string" && candidate.startsWith("/") && !candidate.startsWith("//") ? candidate : "/";
}

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string | string[] }> }) {
  if ((await setupStatus()) === "incomplete") redirect("/setup");
  await redirectSignedIn();
  return <LoginForm destination={localPath((await searchParams).callbackUrl)} />;
}
