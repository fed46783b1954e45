import "server-only";
import { DROPBOX_MESSAGES } from "@/lib/constants/dropbox-messages";
import type { ExportFormatKey, ExportSelection } from "@/lib/validation/exports";
import { exportInsights } from "../exports/export-insights";
import type { ProjectServiceContext } from "../context";
import { requireDropboxSession } from "./dropbox-session";
import { saveFileToDropbox } from "./save-file";

/**
 * POST /properties/{id}/insights/export/dropbox: builds the PowerPoint or Excel file of a report,
 * a tag or chosen insights and saves it in the caller's Dropbox folder. The connection is checked
 * before the file is built, so a user without Dropbox is told at once.
 */
export async function saveExportToDropbox({
  ctx,
  input,
}: {
  ctx: ProjectServiceContext;
  input: { format: ExportFormatKey; folder: string; selection: ExportSelection };
}) {
  await requireDropboxSession(ctx.actor.userId);
  const file = await exportInsights({ ctx, input: { format: input.format, selection: input.selection } });
  const saved = await saveFileToDropbox({ userId: ctx.actor.userId, folder: input.folder, file });
  return { ...saved, fileName: file.fileName, message: DROPBOX_MESSAGES.saved(saved.path) };
}
