import Link from "next/link";
import type { ReactNode } from "react";

/** Setup, sign-in and password pages: one card in the middle of the page. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-shell">
      <Link href="/" className="brand">
        Club<span>Ops</span>
      </Link>
      <main className="auth-main">{children}</main>
    </div>
  );
}
