"use client";

import "client-only";

import { useRouter } from "next/navigation";
import { startTransition } from "react";

/**
 * What a console page shows when rendering it failed unexpectedly, typically while the service is
 * starting or a dependency is down (the platform retries on its own). Never the error's text: that is for the logs.
 */
export function PageError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  // A server component failed: fetch it again, then re-render the boundary's children.
  const retry = () =>
    startTransition(() => {
      router.refresh();
      reset();
    });
  return (
    <div className="centered-status">
      <div className="auth-card" role="alert">
        <h1>This page is unavailable right now</h1>
        <p className="page-lead">
          ClubOps may be starting up, or one of the services it depends on is down. Try again in a few seconds.
        </p>
        <button type="button" className="button button-primary" onClick={retry}>
          Try again
        </button>
        {error.digest && <p className="auth-foot-note">Reference: {error.digest}</p>}
      </div>
    </div>
  );
}
