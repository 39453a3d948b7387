"use client";

import type { ReactNode } from "react";
import { ScrollBox } from "@/console/ui/scroll-box";

/** A titled card holding one table, which scrolls sideways in its box on a narrow screen. */
export function CardTable({
  id,
  title,
  headers,
  className,
  actions,
  children,
}: {
  /** The heading's id, naming the section. */
  id: string;
  title: string;
  headers: readonly ReactNode[];
  className?: string;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={className ? `card table-card ${className}` : "card table-card"} aria-labelledby={id}>
      <div className="card-header card-table-header">
        <h2 id={id}>{title}</h2>
        {actions}
      </div>
      <ScrollBox label={title}>
        <table className="table">
          <thead>
            <tr>
              {headers.map((header, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column's position is its identity; the headers never reorder
                <th key={index} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
