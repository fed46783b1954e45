import { describe, expect, it } from "vitest";
import { defaultChannelGroup } from "./default-channel-group";

// GA4's default channel group rules (support.google.com/analytics/answer/9756891), in their order.
describe("defaultChannelGroup", () => {
  it.each([
    ["(direct)", "(none)", "", "Direct"],
    ["(direct)", "(not set)", "", "Direct"],
    ["google", "cpc", "Emergency Plumber", "Paid Search"],
    ["bing", "ppc", "", "Paid Search"],
    ["google", "cpc", "Shopping - all products", "Paid Shopping"],
    ["facebook", "paid_social", "Local Awareness", "Paid Social"],
    ["m.facebook.com", "cpc", "", "Paid Social"],
    ["youtube", "cpv", "", "Paid Video"],
    ["criteo", "display", "", "Display"],
    ["partner", "paid", "", "Paid Other"],
    ["google", "cpc", "Cross-network Performance Max", "Cross-network"],
    ["instagram", "referral", "", "Organic Social"],
    ["lnkd.in", "referral", "", "Organic Social"],
    ["t.co", "referral", "", "Organic Social"],
    ["newsletter", "social", "", "Organic Social"],
    ["youtube.com", "referral", "", "Organic Video"],
    ["google", "organic", "(organic)", "Organic Search"],
    ["www.google.co.uk", "referral", "", "Organic Search"],
    ["duckduckgo", "organic", "", "Organic Search"],
    ["blog.example.com", "referral", "", "Referral"],
    ["newsletter", "email", "weekly-digest", "Email"],
    ["Email", "(none)", "", "Email"],
    ["awin", "affiliate", "", "Affiliates"],
    ["twilio", "sms", "", "SMS"],
    ["onesignal", "web-push", "", "Mobile Push Notifications"],
    ["(not set)", "(not set)", "", "Unassigned"],
  ])("%s / %s (%s) is %s", (source, medium, campaign, channel) => {
    expect(defaultChannelGroup(source, medium, campaign)).toBe(channel);
  });
});
