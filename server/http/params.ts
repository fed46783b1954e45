import { NotFoundError } from "../errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID (any case). */
export function isUuid(value: string | null | undefined): value is string {
  return Boolean(value && UUID.test(value));
}

/** A path id that is not a UUID cannot name anything: 404, rather than a database cast error (500). */
export function uuidParam(value: string | undefined): string {
  if (!isUuid(value)) throw new NotFoundError();
  return value.toLowerCase();
}
