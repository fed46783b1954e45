// The accounts the Dropbox fake knows: a basic and a pro personal account, and a business account
// whose team space holds team folders (one writable, one read-only, one without access) and shared
// folders at every access level, so listing and writing can be checked against each case.

export type AccessLevel = "owner" | "editor" | "viewer" | "viewer_no_comment" | "traverse" | "no_access";

export interface FakeFolder {
  /** Path from the account's root namespace (the team space for business accounts). */
  path: string;
  id: string;
  /** Set on shared and team folders: what this account may do inside. */
  sharing?: { sharedFolderId: string; readOnly: boolean; traverseOnly?: boolean; noAccess?: boolean };
}

export interface FakeSharedFolder {
  sharedFolderId: string;
  name: string;
  accessType: AccessLevel;
  isTeamFolder: boolean;
  isInsideTeamFolder: boolean;
  /** Where it is mounted, from the root namespace; unmounted folders have none. */
  path?: string;
}

export interface FakeAccount {
  accountId: string;
  email: string;
  givenName: string;
  surname: string;
  accountType: "basic" | "pro" | "business";
  rootNamespaceId: string;
  homeNamespaceId: string;
  /** Business accounts: the member folder inside the team space; personal accounts: "". */
  homePath: string;
  team?: { id: string; name: string; memberId: string };
  folders: FakeFolder[];
  sharedFolders: FakeSharedFolder[];
}

export function defaultAccounts(): FakeAccount[] {
  return [
    {
      accountId: "dbid:AAB-basic-0001",
      email: "lena.basic@example.com",
      givenName: "Lena",
      surname: "Marsh",
      accountType: "basic",
      rootNamespaceId: "1001",
      homeNamespaceId: "1001",
      homePath: "",
      folders: [
        { path: "/Reports", id: "id:b-reports" },
        { path: "/Reports/2024", id: "id:b-reports-2024" },
        { path: "/Photos", id: "id:b-photos" },
      ],
      sharedFolders: [],
    },
    {
      accountId: "dbid:AAB-pro-0002",
      email: "omar.pro@example.com",
      givenName: "Omar",
      surname: "Haddad",
      accountType: "pro",
      rootNamespaceId: "2001",
      homeNamespaceId: "2001",
      homePath: "",
      folders: [
        { path: "/Client Deliverables", id: "id:p-deliverables" },
        { path: "/Shared With Omar", id: "id:p-shared", sharing: { sharedFolderId: "2101", readOnly: true } },
      ],
      sharedFolders: [
        {
          sharedFolderId: "2101",
          name: "Shared With Omar",
          accessType: "viewer",
          isTeamFolder: false,
          isInsideTeamFolder: false,
          path: "/Shared With Omar",
        },
      ],
    },
    {
      accountId: "dbid:AAB-business-0003",
      email: "ana.ruiz@northwind.example",
      givenName: "Ana",
      surname: "Ruiz",
      accountType: "business",
      rootNamespaceId: "3000",
      homeNamespaceId: "3001",
      homePath: "/Ana Ruiz",
      team: { id: "dbtid:northwind", name: "Northwind Digital", memberId: "dbmid:ana" },
      folders: [
        { path: "/Ana Ruiz", id: "id:ana-home", sharing: { sharedFolderId: "3001", readOnly: false } },
        { path: "/Ana Ruiz/Drafts", id: "id:ana-drafts" },
        {
          path: "/Ana Ruiz/Agency Shared",
          id: "id:agency-shared",
          sharing: { sharedFolderId: "3201", readOnly: false },
        },
        {
          path: "/Ana Ruiz/Client Brand Assets",
          id: "id:brand-assets",
          sharing: { sharedFolderId: "3202", readOnly: true },
        },
        { path: "/Client Reports", id: "id:client-reports", sharing: { sharedFolderId: "3101", readOnly: false } },
        { path: "/Client Reports/Bramble", id: "id:client-reports-bramble" },
        { path: "/Finance", id: "id:finance", sharing: { sharedFolderId: "3102", readOnly: true } },
        {
          path: "/Legal",
          id: "id:legal",
          sharing: { sharedFolderId: "3103", readOnly: true, traverseOnly: true, noAccess: true },
        },
      ],
      sharedFolders: [
        {
          sharedFolderId: "3101",
          name: "Client Reports",
          accessType: "editor",
          isTeamFolder: true,
          isInsideTeamFolder: false,
          path: "/Client Reports",
        },
        {
          sharedFolderId: "3102",
          name: "Finance",
          accessType: "viewer",
          isTeamFolder: true,
          isInsideTeamFolder: false,
          path: "/Finance",
        },
        {
          sharedFolderId: "3103",
          name: "Legal",
          accessType: "no_access",
          isTeamFolder: true,
          isInsideTeamFolder: false,
          path: "/Legal",
        },
        {
          sharedFolderId: "3201",
          name: "Agency Shared",
          accessType: "editor",
          isTeamFolder: false,
          isInsideTeamFolder: false,
          path: "/Ana Ruiz/Agency Shared",
        },
        {
          sharedFolderId: "3202",
          name: "Client Brand Assets",
          accessType: "viewer_no_comment",
          isTeamFolder: false,
          isInsideTeamFolder: false,
          path: "/Ana Ruiz/Client Brand Assets",
        },
        {
          sharedFolderId: "3203",
          name: "Board Pack",
          accessType: "owner",
          isTeamFolder: false,
          isInsideTeamFolder: false,
          // Not mounted: no path, so it cannot be written to until the user adds it.
        },
      ],
    },
  ];
}
