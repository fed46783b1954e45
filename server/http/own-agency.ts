import type { Actor } from "../auth/actor";
import { NotFoundError } from "../errors";
import { uuidParam } from "./params";

/** Agency-scoped paths (/agencies/{id}/…) exist only for the caller's own agency. */
export function ownAgencyParam(actor: Actor, id: string | undefined): string {
  if (uuidParam(id) !== actor.agencyId) throw new NotFoundError();
  return actor.agencyId;
}
