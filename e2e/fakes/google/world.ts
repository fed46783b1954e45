// What the fake Google account can see: who signs in, their GA4 accounts and properties, legacy
// Analytics views and goals, Search Console sites and Google Ads customers. Fixed, so tests and
// the wizard journey can name them.

export const OWNER_EMAIL = "owner@northwind.example";
/** Signs in fine but has nothing: no Analytics account, no site, no Ads customer. */
export const EMPTY_EMAIL = "empty@northwind.example";

export const GA4_ACCOUNTS = [
  {
    account: "accounts/100",
    displayName: "Northwind Group",
    properties: [
      { property: "properties/1001", displayName: "Northwind Shop", timeZone: "America/New_York", currencyCode: "USD" },
      { property: "properties/1002", displayName: "Northwind Blog", timeZone: "America/New_York", currencyCode: "USD" },
    ],
  },
  {
    account: "accounts/200",
    displayName: "Contoso",
    properties: [
      { property: "properties/2001", displayName: "Contoso Store", timeZone: "Europe/Berlin", currencyCode: "EUR" },
    ],
  },
];

export const GA4_KEY_EVENTS = ["purchase", "generate_lead", "sign_up"];
export const GA4_AUDIENCES = [
  { id: "1", displayName: "All Users", description: "All users" },
  { id: "2", displayName: "Purchasers", description: "Users who purchased" },
  { id: "3", displayName: "Mobile visitors", description: "Users on a mobile phone" },
];

export const UA_ACCOUNTS = [
  {
    id: "11111",
    name: "Northwind (Universal Analytics)",
    webProperties: [
      {
        id: "UA-11111-1",
        internalWebPropertyId: "33333",
        name: "Northwind website",
        websiteUrl: "https://www.northwind.example",
        profiles: [
          {
            id: "90001",
            name: "All Web Site Data",
            eCommerceTracking: true,
            currency: "USD",
            timezone: "America/New_York",
            goals: [
              { id: "1", name: "Purchase completed", value: 0, url: "/checkout/thank-you" },
              { id: "2", name: "Newsletter sign-up", value: 2, url: "/newsletter/thanks" },
              { id: "3", name: "Contact form", value: 5, url: "/contact/thanks" },
            ],
          },
          {
            id: "90002",
            name: "Raw data (no goals)",
            eCommerceTracking: false,
            currency: "USD",
            timezone: "UTC",
            goals: [],
          },
        ],
      },
    ],
  },
];

export const UA_SEGMENTS = [
  { id: "-1", name: "All Users", type: "BUILT_IN" },
  { id: "-2", name: "New Users", type: "BUILT_IN" },
  { id: "-5", name: "Organic Traffic", type: "BUILT_IN" },
  { id: "aBcD1234", name: "Buyers from newsletters", type: "CUSTOM" },
];

export const GSC_SITES = [
  { siteUrl: "https://www.northwind.example/", permissionLevel: "siteOwner" },
  { siteUrl: "sc-domain:contoso.example", permissionLevel: "siteFullUser" },
];

export const ADS_CUSTOMERS = [
  { id: "1234567890", descriptiveName: "Northwind Ads", currencyCode: "USD", timeZone: "America/New_York" },
  { id: "9876543210", descriptiveName: "Contoso Ads", currencyCode: "EUR", timeZone: "Europe/Berlin" },
];
