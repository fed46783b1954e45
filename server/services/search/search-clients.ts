import "server-only";
import { and, count, desc, eq } from "drizzle-orm";
import { db } from "../../db/client";
import { clients, clientStaff } from "../../db/schema";
import { pageOffset, type Paged } from "../pagination";
import { clientView, type ClientView } from "../clients/client-view";
import { visibleClients } from "../clients/list-clients";
import { rankedSearch, searchField, searchTerm, totalOver, type SearchInput } from "./text-match";
import type { ServiceContext } from "../context";

const FIELDS = [searchField(clients.name), searchField(clients.website)];

/** GET /searches/clients: the clients the caller may see whose name or website matches `q`, best first. */
export async function searchClients({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: SearchInput;
}): Promise<Paged<ClientView>> {
  const { actor } = ctx;
  const found = await rankedSearch({
    fields: FIELDS,
    term: input.term ?? (await searchTerm(input.q)),
    page: input,
    newest: [desc(clients.createdAt), desc(clients.id)],
    run: (match, orderBy) =>
      db()
        .select({ client: clients, level: clientStaff.permission, total: totalOver })
        .from(clients)
        .leftJoin(clientStaff, and(eq(clientStaff.clientId, clients.id), eq(clientStaff.userId, actor.userId)))
        .where(and(visibleClients(actor), match))
        .orderBy(...orderBy)
        .limit(input.limit)
        .offset(pageOffset(input)),
    count: async (match) =>
      (
        await db()
          .select({ n: count() })
          .from(clients)
          .where(and(visibleClients(actor), match))
      )[0].n,
  });
  return { docs: found.docs.map((r) => clientView(actor, r.client, r.level)), total: found.total };
}
