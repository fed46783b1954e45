import { saveToDropboxSchema } from "@/lib/validation/dropbox";
import { parseJsonBody } from "@/server/http/body";
import { withProjectAccess } from "@/server/http/route";
import { saveExportToDropbox } from "@/server/services/dropbox/save-export";

// Anyone who may download a project's reports may save them to their own Dropbox.
export const POST = withProjectAccess("report:view", async (ctx, { req }) => {
  const { format, folder, ...selection } = await parseJsonBody(req, saveToDropboxSchema);
  return saveExportToDropbox({ ctx, input: { format, folder, selection } });
});
