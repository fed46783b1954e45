import { z } from "zod";

// The pieces every response schema is made of (server/openapi/response-schemas.ts): JSON carries dates as strings.

export const timestamp = z.iso.datetime({ offset: true });
export const day = z.iso.date();
export const uuid = z.uuid();

/** A list page: the rows of one page, and how many there are in all. */
export const list = <T extends z.ZodType>(row: T) => z.strictObject({ docs: z.array(row), total: z.number().int() });

/** What a delete or a plain action answers: the status, a sentence, and the id it acted on where it has one. */
export const done = <T extends z.ZodRawShape>(extra: T = {} as T) =>
  z.strictObject({ status: z.number().int(), message: z.string(), ...extra });

/**
 * What the season predicted for a headline figure's change (stats/season-prediction.ts SeasonPrediction), as the
 * report's key figures and the dashboard's tiles both answer it.
 */
export const seasonPredictionSchema = z.strictObject({
  expectedCurrent: z.number(),
  lastYearChangePct: z.number(),
  beyond: z.number(),
  expected: z.boolean(),
  pValue: z.number(),
});
