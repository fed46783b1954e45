import type { SiteType } from "../constants/site-types";

// The legacy Analytics selection of the wizard (spec section 4): choosing an account resets the
// property, profile and goals; choosing a property resets the profile and goals; changing the
// profile or the site type resets the goals; cancelling resets everything. When goals arrive the
// primary goal is preselected as goal 1 for ecommerce (spec section 5: the primary goal must be
// goal 1). Pure, so the rules are unit-tested apart from the screen.

export interface AnalyticsSelection {
  account: string;
  property: string;
  profile: string;
  siteType: SiteType | "";
  primaryGoal: string;
  secondaryGoals: string[];
  segment: string;
}

export const PRIMARY_GOAL_ID = "1";

export const emptySelection = (siteType: SiteType | "" = ""): AnalyticsSelection => ({
  account: "",
  property: "",
  profile: "",
  siteType,
  primaryGoal: "",
  secondaryGoals: [],
  segment: "",
});

export type SelectionAction =
  | { type: "account"; value: string }
  | { type: "property"; value: string }
  | { type: "profile"; value: string }
  | { type: "siteType"; value: SiteType | "" }
  | { type: "goalsLoaded"; goalIds: string[] }
  | { type: "primaryGoal"; value: string }
  | { type: "toggleSecondaryGoal"; value: string }
  | { type: "segment"; value: string }
  | { type: "cancel"; siteType?: SiteType | "" };

const noGoals = { primaryGoal: "", secondaryGoals: [] as string[] };

export function selectAnalytics(state: AnalyticsSelection, action: SelectionAction): AnalyticsSelection {
  switch (action.type) {
    case "account":
      return action.value === state.account
        ? state
        : { ...state, account: action.value, property: "", profile: "", ...noGoals };
    case "property":
      return action.value === state.property ? state : { ...state, property: action.value, profile: "", ...noGoals };
    case "profile":
      return action.value === state.profile ? state : { ...state, profile: action.value, ...noGoals };
    case "siteType":
      return action.value === state.siteType ? state : { ...state, siteType: action.value, ...noGoals };
    case "goalsLoaded":
      // Only preselect into an empty choice: never overwrite what the user picked.
      if (state.primaryGoal || state.siteType !== "ecommerce" || !action.goalIds.includes(PRIMARY_GOAL_ID))
        return state;
      return { ...state, primaryGoal: PRIMARY_GOAL_ID };
    case "primaryGoal":
      return {
        ...state,
        primaryGoal: action.value,
        secondaryGoals: state.secondaryGoals.filter((g) => g !== action.value),
      };
    case "toggleSecondaryGoal": {
      if (action.value === state.primaryGoal) return state;
      const has = state.secondaryGoals.includes(action.value);
      return {
        ...state,
        secondaryGoals: has
          ? state.secondaryGoals.filter((g) => g !== action.value)
          : [...state.secondaryGoals, action.value],
      };
    }
    case "segment":
      return { ...state, segment: action.value };
    case "cancel":
      return emptySelection(action.siteType ?? "");
  }
}

/** The goals' split: goal 1 is the only possible primary goal; every other goal may be secondary. */
export function splitGoals<G extends { id: string }>(goals: readonly G[]): { primary: G[]; secondary: G[] } {
  return {
    primary: goals.filter((g) => g.id === PRIMARY_GOAL_ID),
    secondary: goals.filter((g) => g.id !== PRIMARY_GOAL_ID),
  };
}
