import { z } from "zod";
import { EXPORT_FORMATS, exportSelectionSchema } from "./exports";

// Dropbox contracts: the folder listing query, the save request (a report, a tag or chosen
// insights, as for downloads, plus the format and the folder) and the OAuth callback's query.

/** A Dropbox folder path as the folder list gives it: "" for the top, else "/A/B". */
export const dropboxFolderPath = z
  .string()
  .max(1000)
  .refine((p) => p === "" || (p.startsWith("/") && !p.includes("//") && !/[\u0000-\u001f]/.test(p)), {
    message: "Choose a folder from the list",
  });

export const dropboxFoldersQuery = z.object({ path: dropboxFolderPath.optional().default("") });

export const saveToDropboxSchema = z.intersection(
  exportSelectionSchema,
  z.object({
    format: z.enum(EXPORT_FORMATS),
    folder: dropboxFolderPath,
  }),
);
export type SaveToDropboxInput = z.input<typeof saveToDropboxSchema>;

export const dropboxConnectQuery = z.object({ next: z.string().max(2048).optional() });

export const dropboxCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});
