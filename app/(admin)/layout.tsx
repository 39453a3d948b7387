import Link from "next/link";
import type { ReactNode } from "react";
import { NavLink } from "./nav-link";

export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <div className="shell">
      <aside className="sidebar">
        <Link href="/" className="brand">
          Club<span>Ops</span>
        </Link>
        <nav aria-label="Main">
          <ul className="nav">
            <li>
              <NavLink href="/">Overview</NavLink>
            </li>
            <li>
              <NavLink href="/system">System health</NavLink>
            </li>
          </ul>
        </nav>
      </aside>
      <main className="main">{children}</main>
    </div>
  );
}
