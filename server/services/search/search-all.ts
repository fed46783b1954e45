import "server-only";
import type { PageQuery } from "../pagination";
import { searchClients } from "./search-clients";
import { searchProperties } from "./search-properties";
import { searchUsers } from "./search-users";
import { searchTerm } from "./text-match";
import type { ServiceContext } from "../context";

/** GET /searches: the three kinds at once, each paged on its own. */
export async function searchAll({ ctx, input }: { ctx: ServiceContext; input: PageQuery & { q: string } }) {
  const term = await searchTerm(input.q);
  const [clients, users, properties] = await Promise.all([
    searchClients({ ctx, input: { ...input, term } }),
    searchUsers({ ctx, input: { ...input, term } }),
    searchProperties({ ctx, input: { ...input, term } }),
  ]);
  return { clients, users, properties };
}
