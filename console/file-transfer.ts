"use client";

import "client-only";

import { useEffect, useRef, useState } from "react";
import type { UploadControls } from "./club-api";

/** Hands a file to the browser's downloads through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * An object URL for a Blob (an image fetched with the bearer token, a file picked for upload), for as long
 * as the component shows it: revoked when the Blob changes and on unmount.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<{ blob: Blob; url: string }>();
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setUrl({ blob, url: created });
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  // Only the URL of the current Blob: a revoked one would show a broken image for a render.
  return blob && url?.blob === blob ? url.url : undefined;
}

/** Reads a response's body into a Blob, reporting the bytes received of `expected`. */
export async function readBlob(
  response: Response,
  expected: number,
  onProgress: (received: number, total: number) => void,
): Promise<Blob> {
  const type = response.headers.get("content-type") ?? "application/octet-stream";
  const total = Number(response.headers.get("content-length")) || expected;
  if (!response.body) return new Blob([], { type });
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(0, total);
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    received += read.value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type });
}

type UploadStatus = "waiting" | "uploading" | "done" | "failed" | "canceled";

/** One file of an upload queue and how far it has got. */
export type UploadItem = {
  key: number;
  file: File;
  status: UploadStatus;
  sent: number;
  total: number;
  /** Why it failed, in words. */
  message?: string;
};

/** Sends one file, reporting progress and stopping when the signal aborts. */
export type UploadSender<T> = (file: File, controls: Required<UploadControls>) => Promise<T>;

let nextKey = 1;

/**
 * Files uploaded one after another, each with its progress. A file waiting or on its way can be canceled
 * (the request is aborted); leaving the page cancels everything. `describe` words a failure; `onUploaded`
 * runs after each success.
 */
export function useUploadQueue<T>({
  send,
  describe,
  onUploaded,
}: {
  send: UploadSender<T>;
  describe: (error: unknown, file: File) => string;
  onUploaded?: (result: T, file: File) => void;
}) {
  const [items, setItems] = useState<readonly UploadItem[]>([]);
  // The queue as the running loop sees it, without waiting for a render.
  const live = useRef<readonly UploadItem[]>([]);
  const running = useRef(false);
  const controllers = useRef(new Map<number, AbortController>());
  const callbacks = useRef({ send, describe, onUploaded });
  useEffect(() => {
    callbacks.current = { send, describe, onUploaded };
  });

  const update = (change: (items: readonly UploadItem[]) => readonly UploadItem[]) => {
    live.current = change(live.current);
    setItems(live.current);
  };
  const patch = (key: number, values: Partial<UploadItem>) =>
    update((all) => all.map((item) => (item.key === key ? { ...item, ...values } : item)));

  useEffect(() => {
    const active = controllers.current;
    return () => {
      live.current = live.current.map((item) => (item.status === "waiting" ? { ...item, status: "canceled" } : item));
      for (const controller of active.values()) controller.abort();
    };
  }, []);

  async function drain() {
    if (running.current) return;
    running.current = true;
    try {
      for (
        let next = live.current.find((item) => item.status === "waiting");
        next;
        next = live.current.find((item) => item.status === "waiting")
      ) {
        const { key, file } = next;
        const controller = new AbortController();
        controllers.current.set(key, controller);
        patch(key, { status: "uploading", sent: 0, total: file.size });
        try {
          const result = await callbacks.current.send(file, {
            signal: controller.signal,
            onProgress: (sent, total) => patch(key, { sent, total }),
          });
          patch(key, { status: "done", sent: file.size, total: file.size });
          callbacks.current.onUploaded?.(result, file);
        } catch (error) {
          patch(
            key,
            controller.signal.aborted
              ? { status: "canceled" }
              : { status: "failed", message: callbacks.current.describe(error, file) },
          );
        } finally {
          controllers.current.delete(key);
        }
      }
    } finally {
      running.current = false;
    }
  }

  return {
    items,
    busy: items.some((item) => item.status === "waiting" || item.status === "uploading"),
    /** Queues files behind any already waiting and starts sending. */
    add(files: readonly File[]) {
      update((all) => [
        ...all,
        ...files.map((file) => ({ key: nextKey++, file, status: "waiting" as const, sent: 0, total: file.size })),
      ]);
      void drain();
    },
    /** Marks a file as failed without sending it (a check made before uploading). */
    refuse(file: File, message: string) {
      update((all) => [...all, { key: nextKey++, file, status: "failed", sent: 0, total: file.size, message }]);
    },
    cancel(key: number) {
      const controller = controllers.current.get(key);
      if (controller) controller.abort();
      else patch(key, { status: "canceled" });
    },
    /** Forgets the files that are no longer on their way. */
    clearFinished() {
      update((all) => all.filter((item) => item.status === "waiting" || item.status === "uploading"));
    },
  };
}
