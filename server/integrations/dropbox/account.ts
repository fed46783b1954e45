import "server-only";
import type { users } from "dropbox";
import { dropboxClient, type DropboxCredentials } from "./client";
import { toDropboxError } from "./errors";

/** The session's additional info (spec: file-storage info: email, account type, root). */
export interface DropboxAccount {
  accountId: string;
  email: string;
  displayName: string;
  accountType: "basic" | "pro" | "business";
  /** The namespace calls are rooted at to see the whole team space (equals home for personal accounts). */
  rootNamespaceId: string;
  homeNamespaceId: string;
  /** The member folder inside the team space ("/Ana Ruiz"); empty for personal accounts. */
  homePath: string;
  isTeam: boolean;
}

export async function getDropboxAccount(credentials: DropboxCredentials): Promise<DropboxAccount> {
  const { client } = dropboxClient(credentials);
  let a: users.FullAccount;
  try {
    a = (await client.usersGetCurrentAccount()).result;
  } catch (error) {
    throw toDropboxError(error);
  }
  const root = a.root_info as {
    ".tag": string;
    root_namespace_id: string;
    home_namespace_id: string;
    home_path?: string;
  };
  return {
    accountId: a.account_id,
    email: a.email,
    displayName: a.name.display_name,
    accountType: a.account_type[".tag"] as DropboxAccount["accountType"],
    rootNamespaceId: root.root_namespace_id,
    homeNamespaceId: root.home_namespace_id,
    homePath: root.home_path ?? "",
    isTeam: root[".tag"] === "team",
  };
}
