import { redirect } from "next/navigation";
import { homeFor } from "@/console/role-home";
import { pageUser } from "@/console/server/session";

export const dynamic = "force-dynamic";

/** The console's root: each user's home by their permissions (console/role-home.ts); sign-in continues here. */
export default async function HomePage() {
  const user = await pageUser();
  if (!user) return null;
  redirect(homeFor(user));
}
