"use client";

import "client-only";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Session } from "next-auth";
import { SessionProvider, useSession } from "next-auth/react";
import { type ReactNode, useEffect, useState } from "react";
import { endConsoleSession } from "@/console/api-client";
import { ApiError } from "@/console/transport";

/** Client errors will not change on a retry; network failures and 5xx may. */
const worthRetrying = (failures: number, error: Error) =>
  failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

/** A session whose API tokens could not be renewed is over: sign out and show the login page. */
function SessionWatcher() {
  const { data } = useSession();
  const failed = data?.error !== undefined;
  useEffect(() => {
    if (failed) void endConsoleSession();
  }, [failed]);
  return null;
}

/**
 * The console's client context. It starts from the server's reading of the session, so API calls and
 * update() work from the first render; the session is then polled every minute, which lets the server
 * renew an access token in its last minute before any API call meets it expired.
 */
export function ConsoleProviders({ session, children }: { session: Session | null; children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: worthRetrying, refetchOnWindowFocus: false, staleTime: 10_000 },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <SessionProvider session={session} refetchInterval={60} refetchOnWindowFocus>
      <QueryClientProvider client={queryClient}>
        <SessionWatcher />
        {children}
      </QueryClientProvider>
    </SessionProvider>
  );
}
