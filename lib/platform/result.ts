/**
 * Expected business failures are values, never exceptions.
 * `kind` picks the HTTP status; only `code` and `message` reach the client.
 */
export type FailureKind =
  | "invalid"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "precondition_failed"
  | "rate_limited";

export type BusinessError = {
  readonly code: string;
  readonly message: string;
  readonly kind: FailureKind;
  /** Field → messages when a rule only the service can check (password policy, a role name) rejects input: answered as a validation problem. */
  readonly errors?: Readonly<Record<string, string[]>>;
  /** How long to wait before trying again (`rate_limited`): answered as the Retry-After header. */
  readonly retryAfterSeconds?: number;
  /** The version the record has now (`precondition_failed`): answered as the ETag header. */
  readonly currentVersion?: number;
  /** The size limit a body went over (`File.TooLarge`): answered as the problem details' `limitBytes`. */
  readonly limitBytes?: number;
};

export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: BusinessError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: BusinessError): Result<T> {
  return { ok: false, error };
}

/** Declares a module's error catalogue once, e.g. `Checkin.AlreadyClockedIn`. */
export function businessError(code: `${string}.${string}` | string, kind: FailureKind, message: string): BusinessError {
  return Object.freeze({ code, kind, message });
}

/** A validation failure found by a service rather than by the request schema. */
export function invalidFields(errors: Record<string, string[]>): BusinessError {
  return Object.freeze({
    code: "Validation.Failed",
    kind: "invalid",
    message: "One or more validation errors occurred.",
    errors,
  });
}
