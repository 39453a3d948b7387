import Link from "next/link";
import type { ReactNode } from "react";

/** One figure of a summary: what it counts, the number, a line of detail and, optionally, where to act on it. */
export function Stat({
  label,
  value,
  detail,
  href,
  linkText,
}: {
  label: string;
  value: string;
  detail: ReactNode;
  href?: string;
  linkText?: string;
}) {
  return (
    <section className="card stat" aria-label={label}>
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value}</span>
      <p className="stat-detail">{detail}</p>
      {href && (
        <Link className="stat-link" href={href}>
          {linkText} →
        </Link>
      )}
    </section>
  );
}
