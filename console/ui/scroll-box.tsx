"use client";

import "client-only";

import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * The scrolling box around a wide table (or a long text). While its content overflows the box (a table on a phone) it
 * is a named, focusable region, so a keyboard can reach and scroll it (WCAG 2.1.1); while everything fits it is no tab
 * stop.
 */
export function ScrollBox({
  label,
  className = "table-scroll",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () =>
      setOverflows(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  const region = overflows ? { role: "region", "aria-label": label, tabIndex: 0 } : {};
  return (
    <div ref={box} className={className} {...region}>
      {children}
    </div>
  );
}
