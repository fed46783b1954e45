import "server-only";
import { GOOGLE_MESSAGES as M } from "@/lib/constants/messages";
import { splitGoals } from "@/lib/google/analytics-selection";
import {
  listGa4Accounts,
  listGa4Audiences,
  listGa4KeyEvents,
  listGa4Properties,
} from "../../integrations/google/ga4-admin";
import { toGoogleError } from "../../integrations/google/errors";
import { describeCustomer, listAccessibleCustomers, listCampaigns } from "../../integrations/google/google-ads";
import {
  listUaAccounts,
  listUaGoals,
  listUaProfiles,
  listUaProperties,
  listUaSegments,
} from "../../integrations/google/legacy-analytics";
import { listSites } from "../../integrations/google/search-console";
import type { ServiceContext } from "../context";
import { withGoogle } from "./google-sessions";

// What the wizard's Data Details step lists, read live from Google with the caller's sign-in (or a
// source's, given its id). Each answer is `{ docs }`; an empty list that the spec names carries
// its message (section 8) so the wizard can say why there is nothing to pick.

type Verb<I, T> = (args: { ctx: ServiceContext; input: I & { dataSourceId?: string } }) => Promise<T>;
interface Listing<T> {
  docs: T[];
  message?: string;
}
const listing = <T>(docs: T[], emptyMessage?: string): Listing<T> =>
  docs.length === 0 && emptyMessage ? { docs, message: emptyMessage } : { docs };

// ---- Analytics, legacy generation (Management API v3) ----

export const listAnalyticsAccounts: Verb<object, Listing<{ id: string; name: string }>> = ({ ctx, input }) =>
  withGoogle(ctx.actor, input.dataSourceId, async (auth) => {
    try {
      return listing(await listUaAccounts(auth), M.noAnalyticsAccounts);
    } catch (error) {
      // The Management API answers 403 "User does not have any Google Analytics account" for an empty account.
      if (toGoogleError(error).kind === "access") return listing([], M.noAnalyticsAccounts);
      throw error;
    }
  });

export const listAnalyticsProperties: Verb<{ accountId: string }, Listing<{ id: string; name: string }>> = ({
  ctx,
  input,
}) => withGoogle(ctx.actor, input.dataSourceId, async (auth) => listing(await listUaProperties(auth, input.accountId)));

export const listAnalyticsProfiles: Verb<
  { accountId: string; propertyId: string },
  Listing<{ id: string; name: string; ecommerce: boolean }>
> = ({ ctx, input }) =>
  withGoogle(ctx.actor, input.dataSourceId, async (auth) =>
    listing(await listUaProfiles(auth, input.accountId, input.propertyId)),
  );

export const listAnalyticsSegments: Verb<object, Listing<{ id: string; name: string }>> = ({ ctx, input }) =>
  withGoogle(ctx.actor, input.dataSourceId, async (auth) => listing(await listUaSegments(auth)));

/** A view's goals, with goal 1 as the only possible primary goal and the others as secondary ones. */
export const listAnalyticsGoals: Verb<
  { accountId: string; propertyId: string; profileId: string },
  Listing<{ id: string; name: string }> & {
    primary: { id: string; name: string }[];
    secondary: { id: string; name: string }[];
    primaryMessage?: string;
    secondaryMessage?: string;
  }
> = ({ ctx, input }) =>
  withGoogle(ctx.actor, input.dataSourceId, async (auth) => {
    const goals = (await listUaGoals(auth, input.accountId, input.propertyId, input.profileId)).filter((g) => g.active);
    const { primary, secondary } = splitGoals(goals);
    return {
      docs: goals,
      primary,
      secondary,
      ...(primary.length === 0 ? { primaryMessage: M.noPrimaryGoals } : {}),
      ...(secondary.length === 0 ? { secondaryMessage: M.noSecondaryGoals } : {}),
    };
  });

// ---- Google Analytics 4 (Admin API) ----

export const listAnalytics4Accounts: Verb<object, Listing<{ id: string; name: string; properties: number }>> = ({
  ctx,
  input,
}) =>
  withGoogle(ctx.actor, input.dataSourceId, async (auth) =>
    listing(
      (await listGa4Accounts(auth)).map((a) => ({ id: a.id, name: a.name, properties: a.properties.length })),
      M.noAnalyticsAccounts,
    ),
  );

export const listAnalytics4Properties: Verb<
  { accountId: string },
  Listing<{ id: string; name: string; timeZone: string | null; currencyCode: string | null }>
> = ({ ctx, input }) =>
  withGoogle(ctx.actor, input.dataSourceId, async (auth) => listing(await listGa4Properties(auth, input.accountId)));

export const listAnalytics4ConversionEvents: Verb<{ propertyId: string }, Listing<{ id: string; name: string }>> = ({
  ctx,
  input,
}) =>
  withGoogle(ctx.actor, input.dataSourceId, async (auth) =>
    listing((await listGa4KeyEvents(auth, input.propertyId)).map((e) => ({ id: e.eventName, name: e.eventName }))),
  );

export const listAnalytics4Audiences: Verb<{ propertyId: string }, Listing<{ id: string; name: string }>> = ({
  ctx,
  input,
}) =>
  withGoogle(ctx.actor, input.dataSourceId, async (auth) => listing(await listGa4Audiences(auth, input.propertyId)));

// ---- Search Console ----

export const listSearchConsoleSites: Verb<object, Listing<{ id: string; name: string; permissionLevel: string }>> = ({
  ctx,
  input,
}) =>
  withGoogle(ctx.actor, input.dataSourceId, async (auth) =>
    listing(
      (await listSites(auth))
        // Unverified sites have no data to read.
        .filter((s) => s.permissionLevel !== "siteUnverifiedUser")
        .map((s) => ({ id: s.siteUrl, name: s.siteUrl, permissionLevel: s.permissionLevel })),
      M.noSearchConsoleAccounts,
    ),
  );

// ---- Google Ads ----

/** Accessible customers with their names (one GAQL call each, a few at a time). */
export const listAdsAccounts: Verb<
  object,
  Listing<{ id: string; name: string; currencyCode: string; timeZone: string }>
> = ({ ctx, input }) =>
  withGoogle(ctx.actor, input.dataSourceId, async (auth) => {
    const ids = await listAccessibleCustomers(auth);
    const out: Awaited<ReturnType<typeof describeCustomer>>[] = [];
    for (let i = 0; i < ids.length; i += 5)
      out.push(
        ...(await Promise.all(
          ids.slice(i, i + 5).map((id) =>
            // A customer reachable only through a manager account cannot be described on its own:
            // list it by its id rather than failing the whole list.
            describeCustomer(auth, id).catch((error: unknown) => {
              if (toGoogleError(error).kind !== "access") throw error;
              return { id, name: id, currencyCode: "", timeZone: "" };
            }),
          ),
        )),
      );
    return listing(out, M.noAdsAccounts);
  });

export const listAdsCampaigns: Verb<{ customerId: string }, Listing<{ id: string; name: string; status: string }>> = ({
  ctx,
  input,
}) => withGoogle(ctx.actor, input.dataSourceId, async (auth) => listing(await listCampaigns(auth, input.customerId)));
