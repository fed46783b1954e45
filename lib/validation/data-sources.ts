import { z } from "zod";
import { optionalText, requiredText } from "./fields";

/** POST /properties/{id}/data-sources: for now only the upload source can be created this way. */
export const createDataSourceSchema = z.object({
  name: optionalText("Name"),
});
export type CreateDataSourceInput = z.input<typeof createDataSourceSchema>;

/** PUT /data-sources/{id}: rename and/or set the status (a suspended source is left out of reports). */
export const updateDataSourceSchema = z.object({
  name: requiredText("Name").optional(),
  status: z.enum(["active", "suspended"]).optional(),
});
export type UpdateDataSourceInput = z.input<typeof updateDataSourceSchema>;
