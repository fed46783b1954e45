import "server-only";
import type { User } from "../../db/schema";
import { userView } from "../users/user-view";

/** A staff list entry: the user's info merged into the entry, with their level where a client is in scope. */
export function staffView(user: User, extra: { permission?: number | null; clientCount?: number } = {}) {
  return { ...userView(user), ...extra };
}
