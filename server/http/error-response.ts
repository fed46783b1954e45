import "server-only";
import { NextResponse } from "next/server";
import { MESSAGES } from "@/lib/constants/messages";
import { AppError } from "../errors";
import { log } from "../log";
import { isDatabaseUnavailable } from "./database-unavailable";

/**
 * The one place where errors become responses: an `AppError` becomes the spec's `{ status, message, errors? }`
 * with its status (and headers such as Retry-After); anything else is logged in full and answered with a
 * generic 500, so no stack trace or SQL reaches the caller. A database that cannot be reached is a 503.
 */
export function errorResponse(error: unknown, request: { txId: string; method: string; path: string }): Response {
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { status: error.status, message: error.message };
    if (error.errors) body.errors = error.errors;
    return NextResponse.json(body, { status: error.status, headers: error.headers });
  }
  if (isDatabaseUnavailable(error)) {
    // The database is restarting or unreachable: a retry soon will work, so say so (503), not 500.
    log("warn", "database unavailable", { ...request, error: error instanceof Error ? error.message : String(error) });
    return NextResponse.json(
      { status: 503, message: MESSAGES.serviceUnavailable },
      { status: 503, headers: { "Retry-After": "5" } },
    );
  }
  log("error", "unhandled error", {
    ...request,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  });
  return NextResponse.json({ status: 500, message: MESSAGES.internalError }, { status: 500 });
}
