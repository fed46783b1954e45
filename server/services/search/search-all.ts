import "server-only";
import type { Actor } from "../../auth/actor";
import type { PageQuery } from "../../http/pagination";
import { searchClients } from "./search-clients";
import { searchProperties } from "./search-properties";
import { searchUsers } from "./search-users";
import { searchTerm } from "./text-match";

/** GET /searches: the three kinds at once, each paged on its own. */
export async function searchAll({ ctx, input }: { ctx: { actor: Actor }; input: PageQuery & { q: string } }) {
  const term = await searchTerm(input.q);
  const [clients, users, properties] = await Promise.all([
    searchClients({ ctx, input, term }),
    searchUsers({ ctx, input, term }),
    searchProperties({ ctx, input, term }),
  ]);
  return { clients, users, properties };
}
