import { z } from "zod";
import { optionalText, requiredText } from "./fields";

/** POST /properties/{id}/data-sources: for now only the upload source can be created this way. */
export const createDataSourceSchema = z.object({
  name: optionalText("Name"),
});
export type CreateDataSourceInput = z.input<typeof createDataSourceSchema>;

/**
 * PUT /data-sources/{id}: rename and/or set the status (a suspended source is left out of reports);
 * for a GA4 source, change the key events counted as conversions or the audience (an empty string:
 * all users), which imports its history again.
 */
export const updateDataSourceSchema = z.object({
  name: requiredText("Name").optional(),
  status: z.enum(["active", "suspended"]).optional(),
  conversionEvents: z.array(z.string().trim().min(1).max(300)).max(50).optional(),
  audience: z.string().trim().max(300).optional(),
});
export type UpdateDataSourceInput = z.input<typeof updateDataSourceSchema>;
