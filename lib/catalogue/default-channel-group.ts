// The channel of a session from its source and medium, by the rules of Google Analytics 4's default channel group
// (support.google.com/analytics/answer/9756891), for exports that give source and medium but no channel: the
// channel-level insights (traffic, conversions and leads by channel) then read them as they would a GA4 export's
// channel column. The lists of sites are the common ones of GA4's own lists, matched on the source's name
// (google, google.com, m.facebook.com, lnkd.in).

const SEARCH = new Set([
  "google",
  "bing",
  "yahoo",
  "baidu",
  "duckduckgo",
  "yandex",
  "ecosia",
  "naver",
  "ask",
  "aol",
  "startpage",
  "qwant",
  "seznam",
  "msn",
  "search",
]);
const SOCIAL = new Set([
  "facebook",
  "fb",
  "instagram",
  "ig",
  "linkedin",
  "lnkd",
  "twitter",
  "x",
  "t",
  "pinterest",
  "reddit",
  "tiktok",
  "snapchat",
  "threads",
  "tumblr",
  "quora",
  "vk",
  "whatsapp",
  "messenger",
  "meta",
]);
const VIDEO = new Set(["youtube", "vimeo", "twitch", "dailymotion", "wistia"]);
const SHOPPING = new Set(["shopping", "shopify", "amazon", "ebay", "etsy", "walmart", "idealo", "pricerunner"]);

const PAID = /^(.*cp.*|ppc|retargeting|paid.*)$/;
const EMAIL = /^(email|e-mail|e_mail|e mail)$/;
const SOCIAL_MEDIA = new Set(["social", "social-network", "social-media", "sm", "social network", "social media"]);
const DISPLAY = new Set(["display", "banner", "expandable", "interstitial", "cpm"]);

/** The site's name in a source: "m.facebook.com" → "facebook", "lnkd.in" → "lnkd", "Google" → "google". */
function siteName(source: string): string {
  const host = source
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .split("/")[0];
  const labels = host.split(".").filter((l) => !["www", "m", "l", "lm", "mobile", "web", "com", "co"].includes(l));
  return labels[0] ?? host;
}

/** The GA4 default channel group of a source and medium; "Unassigned" when no rule matches. */
export function defaultChannelGroup(source: string, medium: string, campaign = ""): string {
  const s = source.trim().toLowerCase();
  const m = medium.trim().toLowerCase();
  const site = siteName(s);
  if (s === "(direct)" && (m === "(none)" || m === "(not set)" || m === "")) return "Direct";
  if (campaign.toLowerCase().includes("cross-network")) return "Cross-network";
  const paid = PAID.test(m);
  const shopping = SHOPPING.has(site) || /(^|[^a-df-z])shop|shopping/.test(campaign.toLowerCase());
  if (paid && shopping) return "Paid Shopping";
  if (paid && SEARCH.has(site)) return "Paid Search";
  if ((paid && SOCIAL.has(site)) || m === "paid_social" || m === "paidsocial") return "Paid Social";
  if (paid && VIDEO.has(site)) return "Paid Video";
  if (DISPLAY.has(m)) return "Display";
  if (paid) return "Paid Other";
  if (shopping) return "Organic Shopping";
  if (SOCIAL.has(site) || SOCIAL_MEDIA.has(m)) return "Organic Social";
  if (VIDEO.has(site) || m.includes("video")) return "Organic Video";
  if (SEARCH.has(site) || m === "organic") return "Organic Search";
  if (m === "referral" || m === "app" || m === "link") return "Referral";
  if (EMAIL.test(s) || EMAIL.test(m)) return "Email";
  if (m === "affiliate") return "Affiliates";
  if (m === "audio") return "Audio";
  if (s === "sms" || m === "sms") return "SMS";
  if (m.endsWith("push") || m.includes("mobile") || m.includes("notification")) return "Mobile Push Notifications";
  return "Unassigned";
}
