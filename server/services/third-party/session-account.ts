import {
  THIRD_PARTY_PROVIDERS,
  isThirdPartyProvider,
  type ThirdPartyProviderKey,
} from "@/lib/constants/third-party-providers";

/** What each connection stored about the account it signed in with (third_party_sessions.additional_info). */
interface SessionInfo {
  email?: string;
  accountType?: string;
  /** HubSpot: the signed-in user's email, the portal's id and domain. */
  user?: string;
  portalId?: number | string;
  hubDomain?: string;
  /** Shopify: the store's name and myshopify.com domain. */
  shop?: string;
  shopName?: string;
  /** Meta: how many ad accounts the login manages. */
  adAccounts?: number;
}

/**
 * The provider's name and the account a connection is of, in the words a user knows them by: the Google or Dropbox
 * email, the HubSpot user and portal, the Shopify store, the Meta login's ad accounts.
 */
export function describeSession(
  type: string,
  raw: unknown,
): { provider: ThirdPartyProviderKey | null; service: string; account: string; accountType: string | null } {
  const info = (raw ?? {}) as SessionInfo;
  const provider = isThirdPartyProvider(type) ? type : null;
  const service = provider ? THIRD_PARTY_PROVIDERS[provider].name : type;
  switch (type) {
    case "hubspot":
      return {
        provider,
        service,
        account: info.user ?? info.hubDomain ?? "",
        accountType: info.hubDomain ?? (info.portalId !== undefined ? `portal ${info.portalId}` : null),
      };
    case "shopify":
      return { provider, service, account: info.shopName ?? info.shop ?? "", accountType: info.shop ?? null };
    case "meta": {
      const n = info.adAccounts ?? 0;
      return { provider, service, account: n === 1 ? "1 ad account" : `${n} ad accounts`, accountType: null };
    }
    default:
      return { provider, service, account: info.email ?? "", accountType: info.accountType ?? null };
  }
}
