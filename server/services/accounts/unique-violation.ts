/** True for PostgreSQL's unique_violation (23505), possibly wrapped by Drizzle as `cause`. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = e?.code ? e : e?.cause;
  if (pgError?.code !== "23505") return false;
  return !constraint || pgError.constraint === constraint;
}
