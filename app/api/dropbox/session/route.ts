import { withUser } from "@/server/http/route";
import { disconnectDropbox } from "@/server/services/dropbox/disconnect";
import { getDropboxConnection } from "@/server/services/dropbox/get-connection";

export const GET = withUser(async (ctx) => getDropboxConnection({ ctx }));

export const DELETE = withUser(async (ctx) => disconnectDropbox({ ctx }));
