import { z } from "zod";

/**
 * What each column of a CSV file is imported as, by its header: sent with an upload (from the
 * mapping preview) and remembered on the source for its next upload. Targets are checked by the
 * importer against the file's header (lib/csv-import/validate-mapping.ts).
 */
export const csvMappingSchema = z.object({
  columns: z
    .array(z.object({ header: z.string().max(500), target: z.string().max(64) }))
    .min(1)
    .max(200),
  /** How slashed dates read (31/01/2026 or 01/31/2026) when the file's values do not tell. */
  dateOrder: z.enum(["dmy", "mdy"]).optional(),
});
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** The form fields sent before the file in a multipart upload (the file must come last). */
export const uploadFormSchema = z.object({
  mapping: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === "") return undefined;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: "custom", message: "The column mapping is not valid JSON" });
        return z.NEVER;
      }
      const parsed = csvMappingSchema.safeParse(json);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "The column mapping is not valid" });
        return z.NEVER;
      }
      return parsed.data;
    }),
  name: z.string().trim().max(255).optional(),
});
