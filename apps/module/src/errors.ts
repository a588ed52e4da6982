/**
 * Failures any layer may throw: services refuse with these, and the app's error handler turns
 * them into the `{data: {value, errors}}` reply. Kept out of `api/` so services never import HTTP.
 */
import { serverMessages } from '@meter/contract';
import type { z } from 'zod';

/** A failure with the status and the human message the console shows (`data.value`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** Sent as Retry-After (seconds) with a 429. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
  /** A sign-in refusal's failed attempts left before the lockout (sent as `data.attemptsLeft`). */
  attemptsLeft?: number;
}

export const badRequest = (message: string, errors?: Record<string, string>) => new ApiError(400, message, errors);
export const unauthorized = (message: string = serverMessages.unauthorized) => new ApiError(401, message);
export const forbidden = (message: string = serverMessages.forbidden) => new ApiError(403, message);
export const notFound = (message: string = serverMessages.notFound) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/**
 * Zod issues → 400 with the first message as the human text and every message by field path.
 * `fallback` names the part that failed, for an issue without a message.
 */
export function validationError(error: z.ZodError, fallback: string = serverMessages.invalidBody): ApiError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] ??= issue.message;
  }
  return new ApiError(400, error.issues[0]?.message ?? fallback, errors);
}
