/**
 * Each finding's share of its outcome's effect (|its volume| over the sum of its findings'), where an
 * analysis adds its findings' volumes into one effect (trend.ts): the season then takes back the
 * share of the findings it predicts (seasonal-label.ts). Kept apart from the findings, which are saved.
 */
export const effectShare = new WeakMap<object, number>();
