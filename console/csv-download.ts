"use client";

import "client-only";

import { useEffect, useRef, useState } from "react";
import { type FormFailure, formFailureOf } from "@/console/ui/forms";
import { saveBlob } from "./file-transfer";

export type CsvDownload =
  | { state: "idle" }
  | { state: "running"; bytes: number; rows: number }
  | { state: "done"; bytes: number; rows: number; fileName: string }
  | { state: "failed"; failure: FormFailure }
  | { state: "canceled" };

const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/**
 * Counts the records in a CSV chunk: line feeds outside quoted fields (a note may hold line breaks).
 * UTF-8 never uses these two bytes inside a multi-byte character, so the bytes need no decoding.
 */
function countRecordEnds(chunk: Uint8Array, quoted: boolean): { ends: number; quoted: boolean } {
  let ends = 0;
  let inQuotes = quoted;
  for (const byte of chunk) {
    if (byte === QUOTE) inQuotes = !inQuotes;
    else if (byte === LINE_FEED && !inQuotes) ends++;
  }
  return { ends, quoted: inQuotes };
}

/** The file name the server suggests (`attachment; filename="members-2026-11-23.csv"`). */
export const fileNameOf = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? "")?.[1];

/**
 * A CSV download read as a stream, so the page can show what has arrived (bytes, and rows after the
 * header line) before the browser saves the file. `open` makes the authenticated request.
 */
export function useCsvDownload(open: (signal: AbortSignal) => Promise<Response>, fallbackName: string) {
  const [download, setDownload] = useState<CsvDownload>({ state: "idle" });
  const running = useRef<AbortController | null>(null);
  // Leaving the page stops the transfer.
  useEffect(() => () => running.current?.abort(), []);

  async function start() {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setDownload({ state: "running", bytes: 0, rows: 0 });
    try {
      const response = await open(controller.signal);
      const body = response.body;
      if (!body) throw new Error("The export answered no data.");
      const reader = body.getReader();
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let bytes = 0;
      let lines = 0;
      let quoted = false;
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        chunks.push(read.value);
        bytes += read.value.byteLength;
        const counted = countRecordEnds(read.value, quoted);
        lines += counted.ends;
        quoted = counted.quoted;
        setDownload({ state: "running", bytes, rows: Math.max(0, lines - 1) });
      }
      const fileName = fileNameOf(response.headers.get("content-disposition")) ?? fallbackName;
      saveBlob(new Blob(chunks, { type: "text/csv;charset=utf-8" }), fileName);
      setDownload({ state: "done", bytes, rows: Math.max(0, lines - 1), fileName });
    } catch (error) {
      setDownload(
        controller.signal.aborted ? { state: "canceled" } : { state: "failed", failure: formFailureOf(error) },
      );
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  return {
    download,
    start: () => void start(),
    cancel: () => running.current?.abort(),
    dismiss: () => setDownload({ state: "idle" }),
  };
}
