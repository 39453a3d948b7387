"use client";

import Link from "next/link";
import { endConsoleSession } from "@/console/api-client";

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");

/** The signed-in user: who and in which role, with their password and sign-out at hand. */
export function AccountMenu({ name, email, role }: { name: string; email: string; role: string }) {
  return (
    <details className="account-menu">
      <summary aria-label={`Account: ${name} ${role}`}>
        {/* Initials drawn by CSS: axe counts even aria-hidden text as visible text the name must contain. */}
        <span className="avatar" data-initials={initialsOf(name)} aria-hidden="true" />
        <span className="account-who">
          <span className="account-name">{name}</span> <span className="account-role">{role}</span>
        </span>
      </summary>
      <ul className="account-actions">
        <li className="account-email">{email}</li>
        <li>
          <Link href="/change-password">Change password</Link>
        </li>
        <li>
          <button type="button" onClick={() => void endConsoleSession()}>
            Sign out
          </button>
        </li>
      </ul>
    </details>
  );
}
