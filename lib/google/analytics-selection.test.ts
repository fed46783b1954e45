import { describe, expect, it } from "vitest";
import { emptySelection, selectAnalytics, splitGoals, type AnalyticsSelection } from "./analytics-selection";

const full: AnalyticsSelection = {
  account: "11111",
  property: "UA-11111-1",
  profile: "90001",
  siteType: "ecommerce",
  primaryGoal: "1",
  secondaryGoals: ["2", "3"],
  segment: "-1",
};

describe("legacy Analytics selection rules", () => {
  it("choosing another account resets property, profile and goals, keeping the site type and segment", () => {
    expect(selectAnalytics(full, { type: "account", value: "22222" })).toEqual({
      ...full,
      account: "22222",
      property: "",
      profile: "",
      primaryGoal: "",
      secondaryGoals: [],
    });
  });

  it("choosing the same account again changes nothing", () => {
    expect(selectAnalytics(full, { type: "account", value: "11111" })).toBe(full);
  });

  it("choosing another property resets profile and goals", () => {
    const next = selectAnalytics(full, { type: "property", value: "UA-11111-2" });
    expect(next).toMatchObject({ account: "11111", property: "UA-11111-2", profile: "", primaryGoal: "" });
    expect(next.secondaryGoals).toEqual([]);
  });

  it("changing the profile resets the goals only", () => {
    expect(selectAnalytics(full, { type: "profile", value: "90002" })).toEqual({
      ...full,
      profile: "90002",
      primaryGoal: "",
      secondaryGoals: [],
    });
  });

  it("changing the site type resets the goals only", () => {
    expect(selectAnalytics(full, { type: "siteType", value: "lead_generation" })).toEqual({
      ...full,
      siteType: "lead_generation",
      primaryGoal: "",
      secondaryGoals: [],
    });
  });

  it("cancelling resets everything", () => {
    expect(selectAnalytics(full, { type: "cancel" })).toEqual(emptySelection());
    expect(selectAnalytics(full, { type: "cancel", siteType: "content" })).toEqual(emptySelection("content"));
  });

  it("preselects goal 1 as primary for ecommerce when the goals arrive, and only then", () => {
    const base = { ...emptySelection("ecommerce"), account: "1", property: "p", profile: "v" };
    expect(selectAnalytics(base, { type: "goalsLoaded", goalIds: ["1", "2"] }).primaryGoal).toBe("1");
    expect(selectAnalytics(base, { type: "goalsLoaded", goalIds: ["2", "3"] }).primaryGoal).toBe("");
    const lead = { ...base, siteType: "lead_generation" as const };
    expect(selectAnalytics(lead, { type: "goalsLoaded", goalIds: ["1", "2"] }).primaryGoal).toBe("");
  });

  it("a goal is never both primary and secondary", () => {
    let s = { ...full, primaryGoal: "", secondaryGoals: ["1", "2"] };
    s = selectAnalytics(s, { type: "primaryGoal", value: "1" });
    expect(s).toMatchObject({ primaryGoal: "1", secondaryGoals: ["2"] });
    expect(selectAnalytics(s, { type: "toggleSecondaryGoal", value: "1" })).toBe(s);
    s = selectAnalytics(s, { type: "toggleSecondaryGoal", value: "3" });
    expect(s.secondaryGoals).toEqual(["2", "3"]);
    s = selectAnalytics(s, { type: "toggleSecondaryGoal", value: "2" });
    expect(s.secondaryGoals).toEqual(["3"]);
  });

  it("only goal 1 can be primary", () => {
    const goals = [{ id: "1" }, { id: "2" }, { id: "3" }];
    expect(splitGoals(goals)).toEqual({ primary: [{ id: "1" }], secondary: [{ id: "2" }, { id: "3" }] });
  });
});
