// How much history the demo client holds: read by the demo loader and by the copy that tells a visitor about it,
// apart from the loader so the landing page does not pull the generator in.

/** About 15 months of days, ending yesterday (UTC). */
export const DEMO_DAYS = 456;

/** The demo's history in whole months, as the landing page says it. */
export const DEMO_MONTHS = Math.round(DEMO_DAYS / (365.25 / 12));
