import { dropboxFoldersQuery } from "@/lib/validation/dropbox";
import { parseQuery } from "@/server/http/body";
import { withUser } from "@/server/http/route";
import { listFolders } from "@/server/services/dropbox/list-folders";

export const GET = withUser(async (ctx, { req }) => listFolders({ ctx, input: parseQuery(req, dropboxFoldersQuery) }));
