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
