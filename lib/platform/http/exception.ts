import { classifyException, type ExceptionKind } from "../errors";
import { logger } from "../logger";
import { instanceOf, problemResponse } from "./problem";

const MAPPING: Record<
  Exclude<ExceptionKind, "cancelled">,
  { status: number; title: string; level: "error" | "warn" }
> = {
  database: { status: 503, title: "A required service is unavailable. Please try again shortly.", level: "error" },
  timeout: { status: 504, title: "The request timed out waiting for a required service.", level: "warn" },
  unexpected: { status: 500, title: "An unexpected error occurred.", level: "error" },
};

/** The one place an exception becomes a response: 499 without body, else 503/504/500 problem details. */
export function exceptionResponse(request: Request, error: unknown): Response {
  const kind = classifyException(error, request.signal.aborted);
  const instance = instanceOf(request);
  if (kind === "cancelled") {
    logger.debug({ instance }, "request cancelled by the client");
    return new Response(null, { status: 499 });
  }
  const { status, title, level } = MAPPING[kind];
  logger[level]({ err: error, instance, status }, "request failed");
  return problemResponse(request, status, title);
}
