"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/**
 * The name of the member just deleted, carried from their page to the list it returns to (in the query cache: the page
 * is gone by the time the list shows), so the list can say what was deleted. It is forgotten when dismissed or when
 * the list is left.
 */
const DELETED_KEY = ["notices", "member-deleted"] as const;

export function useRememberDeleted(): (fullName: string) => void {
  const queryClient = useQueryClient();
  return (fullName) => queryClient.setQueryData(DELETED_KEY, fullName);
}

export function useDeletedNotice(): { deleted: string | null; dismiss: () => void } {
  const queryClient = useQueryClient();
  const { data } = useQuery<string | null>({
    queryKey: DELETED_KEY,
    queryFn: () => null,
    enabled: false,
    initialData: null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => () => queryClient.removeQueries({ queryKey: DELETED_KEY, exact: true }), [queryClient]);
  return { deleted: data, dismiss: () => queryClient.setQueryData(DELETED_KEY, null) };
}
