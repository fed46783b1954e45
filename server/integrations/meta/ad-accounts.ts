import "server-only";
import sdk from "facebook-nodejs-business-sdk";
import { metaApi, metaError } from "./client";

export interface MetaAdAccount {
  /** The numeric id (the Graph object is `act_{id}`). */
  id: string;
  name: string;
  currency: string;
  timeZone: string;
}

/** The ad accounts the signed-in user can read (every page of the `me/adaccounts` edge). */
export async function listMetaAdAccounts(accessToken: string): Promise<MetaAdAccount[]> {
  const me = new sdk.User("me", {}, undefined, metaApi(accessToken));
  try {
    let page = await me.getAdAccounts(["account_id", "name", "currency", "timezone_name", "account_status"], {
      limit: 100,
    });
    const accounts: MetaAdAccount[] = [];
    for (;;) {
      for (const a of page)
        accounts.push({
          id: String(a._data.account_id ?? "").replace(/^act_/, ""),
          name: String(a._data.name ?? ""),
          currency: String(a._data.currency ?? ""),
          timeZone: String(a._data.timezone_name ?? ""),
        });
      if (!page.hasNext()) break;
      page = await page.next();
    }
    return accounts.filter((a) => /^\d+$/.test(a.id));
  } catch (error) {
    throw metaError(error);
  }
}
