import type { z } from "zod";
import { MESSAGES } from "@/lib/constants/messages";

export type FieldErrors = Record<string, string>;

/**
 * Errors that services throw on purpose. They carry an HTTP-like status because the spec's error shape is
 * `{ status, message, errors? }`, but nothing here knows of requests: server/http/error-response.ts is the one
 * place that turns them into responses, and jobs or scripts can catch them as plain errors.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(errors: FieldErrors, message: string = MESSAGES.validationFailed) {
    super(400, message, errors);
  }
}
export class BadRequestError extends AppError {
  constructor(message: string, errors?: FieldErrors) {
    super(400, message, errors);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string = MESSAGES.sessionExpired) {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string = MESSAGES.forbidden) {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = MESSAGES.notFound) {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, errors?: FieldErrors) {
    super(409, message, errors);
  }
}
export class LimitExceededError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, undefined, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
export class PayloadTooLargeError extends AppError {
  constructor() {
    super(413, MESSAGES.payloadTooLarge);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor() {
    super(415, MESSAGES.unsupportedMediaType);
  }
}

/** A zod failure as `{ field: firstMessage }`, with nested paths joined by dots ("clients.0.name"). */
export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
