import { NotFoundError } from "../errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a UUID cannot name anything: 404, rather than a database cast error (500). */
export function uuidParam(value: string | undefined): string {
  if (!value || !UUID.test(value)) throw new NotFoundError();
  return value.toLowerCase();
}
