import { metaAccountsQuery } from "@/lib/validation/premium-sources";
import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { listMetaAccounts } from "@/server/services/premium-sources/meta-source";

// The ad accounts of the caller's own Meta login (just made in the wizard), live from Meta.
export const GET = withUser(async (ctx, http) =>
  listMetaAccounts({ ctx, input: parseQuery(http.req, metaAccountsQuery) }),
);
