import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import {
  AGENCY_ACTIONS,
  canOnAgency,
  canOnClient,
  CLIENT_ACTIONS,
  CLIENT_PERMISSION_LEVELS,
  type AgencyAction,
  type ClientAction,
} from "@/lib/permissions";
import { db } from "@/server/db/client";
import {
  agencies,
  alertPreferences,
  clients,
  customizations,
  dataSources,
  oauthStates,
  reports,
  type Client,
  type ClientProject,
  type User,
} from "@/server/db/schema";
import * as agencyCustomizationRoute from "@/app/api/agencies/[id]/customization/route";
import * as agencySettingsRoute from "@/app/api/agencies/[id]/settings/route";
import * as agencyStaffsRoute from "@/app/api/agencies/[id]/staffs/route";
import * as clientCustomizationRoute from "@/app/api/clients/[id]/customization/route";
import * as clientSettingsRoute from "@/app/api/clients/[id]/settings/route";
import * as clientPermissionsRoute from "@/app/api/clients/[id]/permissions/route";
import * as clientPropertiesAddRoute from "@/app/api/clients/[id]/properties/add/route";
import * as clientPropertiesRoute from "@/app/api/clients/[id]/properties/route";
import * as clientRoute from "@/app/api/clients/[id]/route";
import * as clientStaffRoute from "@/app/api/clients/[id]/staffs/[staffId]/route";
import * as clientStaffsAddRoute from "@/app/api/clients/[id]/staffs/add/route";
import * as clientStaffsRoute from "@/app/api/clients/[id]/staffs/route";
import * as clientStatusRoute from "@/app/api/clients/[id]/status/route";
import * as clientsRoute from "@/app/api/clients/route";
import * as propertyCustomizationRoute from "@/app/api/properties/[id]/customization/route";
import * as propertyDataSourcesRoute from "@/app/api/properties/[id]/data-sources/route";
import * as propertyPartnerSourceRoute from "@/app/api/properties/[id]/data-sources/partner/route";
import * as propertyConnectPremiumRoute from "@/app/api/properties/[id]/data-sources/connect/[integration]/route";
import * as propertyMetaSourceRoute from "@/app/api/properties/[id]/data-sources/meta/route";
import { resetPremiumConfig } from "@/server/integrations/premium/config";
import * as propertyUploadSourceRoute from "@/app/api/properties/[id]/data-sources/upload/route";
import * as propertyReportsAddRoute from "@/app/api/properties/[id]/reports/add/route";
import * as propertyReportsRoute from "@/app/api/properties/[id]/reports/route";
import * as propertyRoute from "@/app/api/properties/[id]/route";
import * as propertyDropboxRoute from "@/app/api/properties/[id]/insights/export/dropbox/route";
import * as propertySettingsRoute from "@/app/api/properties/[id]/settings/route";
import * as propertyAlertsRoute from "@/app/api/properties/[id]/alerts/route";
import * as userPermissionsRoute from "@/app/api/users/[id]/permissions/update/route";
import * as userRoleRoute from "@/app/api/users/[id]/role/route";
import * as userRoute from "@/app/api/users/[id]/route";
import { seedOneDay } from "@/test/report-fixtures";
import { call, type CallOptions } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import {
  countProjects,
  findClient,
  findProject,
  findUser,
  insertClient,
  insertProject,
  setProjectLimit,
  share,
  shareLevel,
} from "@/test/workspace";

/*
 * The permission matrix: every client and project route (and the agency-only actions), tried by
 * every kind of caller, with the expected answer computed from lib/permissions.ts — never copied
 * by hand. Each case gets its own client, project and target staff, so mutating cases cannot
 * disturb one another and the order does not matter.
 */

type Action = ClientAction | AgencyAction;
const isAgencyAction = (a: Action): a is AgencyAction => (AGENCY_ACTIONS as readonly string[]).includes(a);

interface ActorSpec {
  name: string;
  isAgencyAdmin: boolean;
  /** The level the client is shared at (null: not shared). */
  level: number | null;
  ownAgency: boolean;
}

const ACTORS: ActorSpec[] = [
  { name: "agency admin", isAgencyAdmin: true, level: null, ownAgency: true },
  ...CLIENT_PERMISSION_LEVELS.map((l) => ({
    name: `staff at level ${l.value} (${l.label})`,
    isAgencyAdmin: false,
    level: l.value,
    ownAgency: true,
  })),
  { name: "staff without a share", isAgencyAdmin: false, level: null, ownAgency: true },
  { name: "another agency's admin", isAgencyAdmin: true, level: null, ownAgency: false },
];

/**
 * Fresh rows for one case: a client shared at every level, a project, a staff member shared at Viewer and one
 * not shared.
 */
interface Fixture {
  agencyId: string;
  client: Client;
  project: ClientProject;
  /** Shared with the client at level 1: the subject of the staff-client routes. */
  target: User;
  /** In the agency, not shared: the subject of sharing, role, removal and permission updates. */
  candidate: User;
  /** For routes that create under the caller's own agency (another agency's admin). */
  callerAgencyId: string;
}

interface RouteCase {
  /** Route file and method: the coverage check below matches them against app/api. */
  file: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  label?: string;
  handler: (req: never, ctx: never) => Promise<Response>;
  /** client/project: under /clients/{id} or /properties/{id}; agency: agency-wide admin routes. */
  scope: "client" | "project" | "agency";
  /** Every action the route needs (from the table). */
  requires: Action[];
  okStatus: number;
  /** Agency routes naming a resource of the first agency: another agency's admin gets 404. */
  namesOwnResource?: boolean;
  request: (f: Fixture) => Pick<CallOptions, "params" | "body" | "path" | "formData">;
  /** Extra state the case needs before the call (beyond the fixture). */
  prepare?: (f: Fixture) => Promise<void>;
  /** Checks that the write happened exactly when allowed. */
  verify?: (f: Fixture, allowed: boolean) => Promise<void>;
}

const ROUTES: RouteCase[] = [
  {
    file: "app/api/clients/[id]/route.ts",
    method: "GET",
    handler: clientRoute.GET,
    scope: "client",
    requires: ["client:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id } }),
  },
  {
    file: "app/api/clients/[id]/route.ts",
    method: "PUT",
    handler: clientRoute.PUT,
    scope: "client",
    requires: ["client:edit"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id }, body: { name: "Renamed client" } }),
    verify: async (f, allowed) =>
      expect((await findClient(f.client.id)).name).toBe(allowed ? "Renamed client" : f.client.name),
  },
  {
    file: "app/api/clients/[id]/route.ts",
    method: "DELETE",
    handler: clientRoute.DELETE,
    scope: "client",
    requires: ["client:delete"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id } }),
    verify: async (f, allowed) => expect(Boolean(await findClient(f.client.id))).toBe(!allowed),
  },
  {
    file: "app/api/clients/[id]/status/route.ts",
    method: "PUT",
    handler: clientStatusRoute.PUT,
    scope: "client",
    requires: ["client:suspend"],
    okStatus: 200,
    request: (f) => ({
      params: { id: f.client.id },
      body: { status: f.client.status === "active" ? "suspended" : "active" },
    }),
    verify: async (f, allowed) => {
      const flipped = f.client.status === "active" ? "suspended" : "active";
      expect((await findClient(f.client.id)).status).toBe(allowed ? flipped : f.client.status);
    },
  },
  {
    file: "app/api/clients/[id]/permissions/route.ts",
    method: "GET",
    handler: clientPermissionsRoute.GET,
    scope: "client",
    requires: ["client:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id } }),
  },
  {
    file: "app/api/clients/[id]/staffs/route.ts",
    method: "GET",
    handler: clientStaffsRoute.GET,
    scope: "client",
    requires: ["staff:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id } }),
  },
  {
    file: "app/api/clients/[id]/staffs/add/route.ts",
    method: "POST",
    handler: clientStaffsAddRoute.POST,
    scope: "client",
    requires: ["staff:manage"],
    okStatus: 201,
    request: (f) => ({ params: { id: f.client.id }, body: { email: f.candidate.email, permission: 2 } }),
    verify: async (f, allowed) => expect(await shareLevel(f.client.id, f.candidate.id)).toBe(allowed ? 2 : null),
  },
  {
    file: "app/api/clients/[id]/staffs/[staffId]/route.ts",
    method: "GET",
    handler: clientStaffRoute.GET,
    scope: "client",
    requires: ["staff:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id, staffId: f.target.id } }),
  },
  {
    file: "app/api/clients/[id]/staffs/[staffId]/route.ts",
    method: "PUT",
    handler: clientStaffRoute.PUT,
    scope: "client",
    requires: ["staff:manage"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id, staffId: f.target.id }, body: { permission: 4 } }),
    verify: async (f, allowed) => expect(await shareLevel(f.client.id, f.target.id)).toBe(allowed ? 4 : 1),
  },
  {
    file: "app/api/clients/[id]/staffs/[staffId]/route.ts",
    method: "DELETE",
    handler: clientStaffRoute.DELETE,
    scope: "client",
    requires: ["staff:manage"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id, staffId: f.target.id } }),
    verify: async (f, allowed) => expect(await shareLevel(f.client.id, f.target.id)).toBe(allowed ? null : 1),
  },
  {
    file: "app/api/clients/[id]/properties/route.ts",
    method: "GET",
    handler: clientPropertiesRoute.GET,
    scope: "client",
    requires: ["project:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id } }),
  },
  {
    file: "app/api/clients/[id]/properties/add/route.ts",
    method: "POST",
    handler: clientPropertiesAddRoute.POST,
    scope: "client",
    requires: ["project:create"],
    okStatus: 201,
    request: (f) => ({ params: { id: f.client.id }, body: { name: "New project", siteType: "content" } }),
    verify: async (f, allowed) => expect(await countProjects({ clientId: f.client.id })).toBe(allowed ? 2 : 1),
  },
  {
    file: "app/api/properties/[id]/route.ts",
    method: "GET",
    handler: propertyRoute.GET,
    scope: "project",
    requires: ["project:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.project.id } }),
  },
  {
    file: "app/api/properties/[id]/route.ts",
    method: "PUT",
    label: "PUT /api/properties/{id} (details)",
    handler: propertyRoute.PUT,
    scope: "project",
    requires: ["project:edit"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.project.id }, body: { name: "Renamed project" } }),
    verify: async (f, allowed) =>
      expect((await findProject(f.project.id)).name).toBe(allowed ? "Renamed project" : f.project.name),
  },
  {
    file: "app/api/properties/[id]/route.ts",
    method: "PUT",
    label: "PUT /api/properties/{id} (suspend)",
    handler: propertyRoute.PUT,
    scope: "project",
    requires: ["project:edit", "project:suspend"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.project.id }, body: { status: "suspended" } }),
    verify: async (f, allowed) =>
      expect((await findProject(f.project.id)).status).toBe(allowed ? "suspended" : "active"),
  },
  {
    // Those who may view the reports pass the access check and are then asked to connect Dropbox
    // (400): nobody in the fixture has, so no file is built or sent.
    file: "app/api/properties/[id]/insights/export/dropbox/route.ts",
    method: "POST",
    label: "POST /api/properties/{id}/insights/export/dropbox (no Dropbox connected)",
    handler: propertyDropboxRoute.POST,
    scope: "project",
    requires: ["report:view"],
    okStatus: 400,
    request: (f) => ({ params: { id: f.project.id }, body: { format: "pptx", folder: "/Reports" } }),
  },
  {
    file: "app/api/clients/[id]/settings/route.ts",
    method: "GET",
    handler: clientSettingsRoute.GET,
    scope: "client",
    requires: ["client:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id } }),
  },
  {
    file: "app/api/clients/[id]/settings/route.ts",
    method: "PUT",
    handler: clientSettingsRoute.PUT,
    scope: "client",
    requires: ["client:settings"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id }, body: { currency: "EUR" } }),
    verify: async (f, allowed) =>
      expect((await findClient(f.client.id)).settings.currency).toBe(allowed ? "EUR" : undefined),
  },
  {
    file: "app/api/clients/[id]/customization/route.ts",
    method: "GET",
    handler: clientCustomizationRoute.GET,
    scope: "client",
    requires: ["client:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id } }),
  },
  {
    file: "app/api/clients/[id]/customization/route.ts",
    method: "PUT",
    handler: clientCustomizationRoute.PUT,
    scope: "client",
    requires: ["client:customize"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id }, formData: colorForm("#123456") }),
    verify: async (f, allowed) =>
      expect(await chartColorOf("client", f.client.id)).toBe(allowed ? "#123456" : "#111111"),
  },
  {
    file: "app/api/clients/[id]/customization/route.ts",
    method: "DELETE",
    handler: clientCustomizationRoute.DELETE,
    scope: "client",
    requires: ["client:customize"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.client.id } }),
    verify: async (f, allowed) => expect(await chartColorOf("client", f.client.id)).toBe(allowed ? null : "#111111"),
  },
  {
    file: "app/api/properties/[id]/settings/route.ts",
    method: "GET",
    handler: propertySettingsRoute.GET,
    scope: "project",
    requires: ["project:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.project.id } }),
  },
  {
    file: "app/api/properties/[id]/settings/route.ts",
    method: "PUT",
    handler: propertySettingsRoute.PUT,
    scope: "project",
    requires: ["client:settings"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.project.id }, body: { goals: "More leads" } }),
    verify: async (f, allowed) =>
      expect((await findProject(f.project.id)).settings.goals).toBe(allowed ? "More leads" : undefined),
  },
  {
    file: "app/api/properties/[id]/alerts/route.ts",
    method: "GET",
    handler: propertyAlertsRoute.GET,
    scope: "project",
    requires: ["project:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.project.id } }),
  },
  {
    file: "app/api/properties/[id]/alerts/route.ts",
    method: "PUT",
    handler: propertyAlertsRoute.PUT,
    scope: "project",
    requires: ["project:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.project.id }, body: { level: "off" } }),
    verify: async (f, allowed) => {
      const rows = await db().select().from(alertPreferences).where(eq(alertPreferences.projectId, f.project.id));
      expect(rows.map((r) => r.level)).toEqual(allowed ? ["off"] : []);
    },
  },
  {
    file: "app/api/properties/[id]/data-sources/route.ts",
    method: "GET",
    handler: propertyDataSourcesRoute.GET,
    scope: "project",
    requires: ["datasource:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.project.id } }),
  },
  {
    file: "app/api/properties/[id]/data-sources/route.ts",
    method: "POST",
    handler: propertyDataSourcesRoute.POST,
    scope: "project",
    requires: ["datasource:manage"],
    okStatus: 201,
    request: (f) => ({ params: { id: f.project.id }, body: { name: "Matrix upload" } }),
    verify: async (f, allowed) =>
      expect(await db().$count(dataSources, eq(dataSources.projectId, f.project.id))).toBe(allowed ? 1 : 0),
  },
  {
    file: "app/api/properties/[id]/data-sources/upload/route.ts",
    method: "POST",
    handler: propertyUploadSourceRoute.POST,
    scope: "project",
    requires: ["datasource:manage"],
    okStatus: 201,
    request: (f) => {
      const formData = new FormData();
      formData.set("name", "Matrix export");
      formData.set("file", new File(["date,sessions\n2026-01-01,3\n"], "export.csv", { type: "text/csv" }));
      return { params: { id: f.project.id }, formData };
    },
    verify: async (f, allowed) =>
      expect(await db().$count(dataSources, eq(dataSources.projectId, f.project.id))).toBe(allowed ? 1 : 0),
  },
  {
    file: "app/api/properties/[id]/data-sources/partner/route.ts",
    method: "POST",
    handler: propertyPartnerSourceRoute.POST,
    scope: "project",
    requires: ["datasource:manage"],
    okStatus: 201,
    request: (f) => ({ params: { id: f.project.id }, body: { kind: "competitor", competitors: ["rival.com"] } }),
    verify: async (f, allowed) =>
      expect(await db().$count(dataSources, eq(dataSources.projectId, f.project.id))).toBe(allowed ? 1 : 0),
  },
  {
    file: "app/api/properties/[id]/data-sources/connect/[integration]/route.ts",
    method: "POST",
    handler: propertyConnectPremiumRoute.POST,
    scope: "project",
    requires: ["datasource:manage"],
    okStatus: 200,
    request: (f) => {
      // Starting a connection only builds HubSpot's consent URL: any client id will do.
      process.env.HUBSPOT_CLIENT_ID ||= "matrix-client-id";
      process.env.HUBSPOT_CLIENT_SECRET ||= "matrix-client-secret";
      resetPremiumConfig();
      return { params: { id: f.project.id, integration: "hubspot" }, body: { name: "CRM" } };
    },
    verify: async (f, allowed) =>
      expect(await db().$count(oauthStates, like(oauthStates.returnPath, `%${f.project.id}%`))).toBe(allowed ? 1 : 0),
  },
  {
    // Those who may manage sources pass the access check and are then told to choose an ad account
    // (400): the body names none, so no Meta login is read and no source is written.
    file: "app/api/properties/[id]/data-sources/meta/route.ts",
    method: "POST",
    label: "POST /api/properties/{id}/data-sources/meta (no ad account chosen)",
    handler: propertyMetaSourceRoute.POST,
    scope: "project",
    requires: ["datasource:manage"],
    okStatus: 400,
    request: (f) => ({
      params: { id: f.project.id },
      body: { sessionId: "00000000-0000-4000-8000-000000000000", adAccountId: "" },
    }),
    verify: async (f) => expect(await db().$count(dataSources, eq(dataSources.projectId, f.project.id))).toBe(0),
  },
  {
    file: "app/api/properties/[id]/reports/route.ts",
    method: "GET",
    handler: propertyReportsRoute.GET,
    scope: "project",
    requires: ["report:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.project.id } }),
  },
  {
    file: "app/api/properties/[id]/reports/add/route.ts",
    method: "POST",
    handler: propertyReportsAddRoute.POST,
    scope: "project",
    requires: ["report:manage"],
    okStatus: 202,
    request: (f) => ({
      params: { id: f.project.id },
      body: { periodStart: "2025-01-01", periodEnd: "2025-01-31", compareTo: "previous_period" },
    }),
    // A report on a period without data is refused before it is queued.
    prepare: (f) => seedOneDay({ id: f.project.id, agencyId: f.agencyId }, "2025-01-15"),
    verify: async (f, allowed) =>
      expect(await db().$count(reports, eq(reports.projectId, f.project.id))).toBe(allowed ? 1 : 0),
  },
  {
    file: "app/api/properties/[id]/customization/route.ts",
    method: "GET",
    handler: propertyCustomizationRoute.GET,
    scope: "project",
    requires: ["project:view"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.project.id } }),
  },
  {
    file: "app/api/properties/[id]/customization/route.ts",
    method: "PUT",
    handler: propertyCustomizationRoute.PUT,
    scope: "project",
    requires: ["client:customize"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.project.id }, formData: colorForm("#654321") }),
    verify: async (f, allowed) =>
      expect(await chartColorOf("project", f.project.id)).toBe(allowed ? "#654321" : "#222222"),
  },
  {
    file: "app/api/properties/[id]/customization/route.ts",
    method: "DELETE",
    handler: propertyCustomizationRoute.DELETE,
    scope: "project",
    requires: ["client:customize"],
    okStatus: 200,
    request: (f) => ({ params: { id: f.project.id } }),
    verify: async (f, allowed) => expect(await chartColorOf("project", f.project.id)).toBe(allowed ? null : "#222222"),
  },
  // Agency-only actions.
  {
    file: "app/api/clients/route.ts",
    method: "POST",
    handler: clientsRoute.POST,
    scope: "agency",
    requires: ["client:create"],
    okStatus: 201,
    request: () => ({ body: { name: "Brand new client", country: "US" } }),
    verify: async (f, allowed) => {
      const rows = await db().select().from(clients).where(eq(clients.name, "Brand new client"));
      // Created in the caller's own agency only, and only when allowed.
      expect(rows.map((r) => r.agencyId)).toEqual(allowed ? [f.callerAgencyId] : []);
      await db().delete(clients).where(eq(clients.name, "Brand new client"));
    },
  },
  {
    file: "app/api/users/[id]/role/route.ts",
    method: "PUT",
    handler: userRoleRoute.PUT,
    scope: "agency",
    requires: ["agency:staff"],
    okStatus: 200,
    namesOwnResource: true,
    request: (f) => ({ params: { id: f.candidate.id }, body: { role: "agency" } }),
    verify: async (f, allowed) => expect((await findUser(f.candidate.id)).role).toBe(allowed ? "agency" : "staff"),
  },
  {
    file: "app/api/users/[id]/route.ts",
    method: "DELETE",
    handler: userRoute.DELETE,
    scope: "agency",
    requires: ["agency:staff"],
    okStatus: 200,
    namesOwnResource: true,
    request: (f) => ({ params: { id: f.candidate.id } }),
    verify: async (f, allowed) => expect(Boolean(await findUser(f.candidate.id))).toBe(!allowed),
  },
  {
    file: "app/api/users/[id]/permissions/update/route.ts",
    method: "POST",
    handler: userPermissionsRoute.POST,
    scope: "agency",
    requires: ["agency:staff"],
    okStatus: 200,
    namesOwnResource: true,
    request: (f) => ({
      params: { id: f.candidate.id },
      body: { permissions: [{ clientId: f.client.id, permission: 2 }] },
    }),
    verify: async (f, allowed) => expect(await shareLevel(f.client.id, f.candidate.id)).toBe(allowed ? 2 : null),
  },
  {
    file: "app/api/agencies/[id]/staffs/route.ts",
    method: "GET",
    handler: agencyStaffsRoute.GET,
    scope: "agency",
    requires: ["agency:staff"],
    okStatus: 200,
    namesOwnResource: true,
    request: (f) => ({ params: { id: f.agencyId } }),
  },
  {
    file: "app/api/agencies/[id]/settings/route.ts",
    method: "GET",
    handler: agencySettingsRoute.GET,
    scope: "agency",
    requires: ["agency:settings"],
    okStatus: 200,
    namesOwnResource: true,
    request: (f) => ({ params: { id: f.agencyId } }),
  },
  {
    file: "app/api/agencies/[id]/settings/route.ts",
    method: "PUT",
    handler: agencySettingsRoute.PUT,
    scope: "agency",
    requires: ["agency:settings"],
    okStatus: 200,
    namesOwnResource: true,
    request: (f) => ({ params: { id: f.agencyId }, body: { name: "Renamed agency" } }),
    verify: async (f, allowed) => {
      const [agency] = await db().select().from(agencies).where(eq(agencies.id, f.agencyId));
      expect(agency.name).toBe(allowed ? "Renamed agency" : AGENCY_NAME);
      await db().update(agencies).set({ name: AGENCY_NAME }).where(eq(agencies.id, f.agencyId));
    },
  },
  {
    file: "app/api/agencies/[id]/customization/route.ts",
    method: "GET",
    handler: agencyCustomizationRoute.GET,
    scope: "agency",
    requires: ["agency:customize"],
    okStatus: 200,
    namesOwnResource: true,
    request: (f) => ({ params: { id: f.agencyId } }),
  },
  {
    file: "app/api/agencies/[id]/customization/route.ts",
    method: "PUT",
    handler: agencyCustomizationRoute.PUT,
    scope: "agency",
    requires: ["agency:customize"],
    okStatus: 200,
    namesOwnResource: true,
    request: (f) => ({ params: { id: f.agencyId }, formData: colorForm("#abcdef") }),
    verify: async (f, allowed) => {
      expect(await chartColorOf("agency", f.agencyId)).toBe(allowed ? "#abcdef" : null);
      await db()
        .delete(customizations)
        .where(and(eq(customizations.agencyId, f.agencyId), eq(customizations.level, "agency")));
    },
  },
  {
    file: "app/api/agencies/[id]/customization/route.ts",
    method: "DELETE",
    handler: agencyCustomizationRoute.DELETE,
    scope: "agency",
    requires: ["agency:customize"],
    okStatus: 200,
    namesOwnResource: true,
    prepare: async (f) => {
      await db().insert(customizations).values({ agencyId: f.agencyId, level: "agency", chartColor: "#333333" });
    },
    request: (f) => ({ params: { id: f.agencyId } }),
    verify: async (f, allowed) => {
      expect(await chartColorOf("agency", f.agencyId)).toBe(allowed ? null : "#333333");
      await db()
        .delete(customizations)
        .where(and(eq(customizations.agencyId, f.agencyId), eq(customizations.level, "agency")));
    },
  },
];

/** Actions in the table that no route exercises yet (their routes come with later work). */
const ACTIONS_WITHOUT_ROUTES: Action[] = [];

const AGENCY_NAME = "Matrix Agency";

function colorForm(chartColor: string): FormData {
  const form = new FormData();
  form.set("chartColor", chartColor);
  return form;
}

/** The chart colour of one level's own customization row (null: no row). */
async function chartColorOf(level: "agency" | "client" | "project", id: string): Promise<string | null> {
  const column =
    level === "agency"
      ? customizations.agencyId
      : level === "client"
        ? customizations.clientId
        : customizations.projectId;
  const [row] = await db()
    .select({ chartColor: customizations.chartColor })
    .from(customizations)
    .where(and(eq(customizations.level, level), eq(column, id)));
  return row ? row.chartColor : null;
}

interface Expected {
  status: number;
  message?: string;
}

/** The answer the table (lib/permissions.ts) and the access rules (spec section 6) call for. */
function expectedAnswer(route: RouteCase, actor: ActorSpec, clientSuspended: boolean): Expected {
  const subject = { isAgencyAdmin: actor.isAgencyAdmin };
  const allowed = route.requires.every((a) =>
    isAgencyAction(a) ? canOnAgency(subject, a) : canOnClient(subject, actor.level, a),
  );
  if (route.scope === "agency") {
    if (!allowed) return { status: 403, message: MESSAGES.forbidden };
    if (!actor.ownAgency && route.namesOwnResource) return { status: 404, message: MESSAGES.notFound };
    return { status: route.okStatus };
  }
  // Another agency's client, or one not shared with a staff member, does not exist for the caller.
  if (!actor.ownAgency) return { status: 404, message: MESSAGES.notFound };
  if (!actor.isAgencyAdmin && actor.level === null) return { status: 404, message: MESSAGES.notFound };
  if (clientSuspended && !actor.isAgencyAdmin) return { status: 403, message: MESSAGES.clientSuspended };
  return allowed ? { status: route.okStatus } : { status: 403, message: MESSAGES.forbidden };
}

const routeLabel = (r: RouteCase) =>
  r.label ??
  `${r.method} /${r.file
    .replace(/^app\//, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[(\w+)\]/g, "{$1}")}`;

let agencyId = "";
let otherAgencyId = "";
const tokens = new Map<string, string>();
const actorIds = new Map<string, string>();

beforeAll(async () => {
  await resetDatabase();
  const main = await createAgency({ name: AGENCY_NAME });
  const other = await createAgency({ name: "Other Agency" });
  agencyId = main.agency.id;
  otherAgencyId = other.agency.id;
  // The matrix creates many projects; the plan limit has its own tests.
  await setProjectLimit(agencyId, 1_000_000);
  await setProjectLimit(otherAgencyId, 1_000_000);
  for (const actor of ACTORS) {
    if (actor.isAgencyAdmin) {
      const who = actor.ownAgency ? main : other;
      tokens.set(actor.name, who.token);
      actorIds.set(actor.name, who.admin.id);
    } else {
      const { user, token } = await createUser({ agencyId, role: "staff" });
      tokens.set(actor.name, token);
      actorIds.set(actor.name, user.id);
    }
  }
});

async function freshFixture(actor: ActorSpec, clientStatus: "active" | "suspended"): Promise<Fixture> {
  const client = await insertClient(agencyId, { status: clientStatus });
  for (const a of ACTORS) if (a.level !== null && a.ownAgency) await share(client.id, actorIds.get(a.name)!, a.level);
  const project = await insertProject(client);
  const { user: target } = await createUser({ agencyId, role: "staff" });
  await share(client.id, target.id, 1);
  const { user: candidate } = await createUser({ agencyId, role: "staff" });
  await db()
    .insert(customizations)
    .values([
      { agencyId, level: "client", clientId: client.id, chartColor: "#111111" },
      { agencyId, level: "project", clientId: client.id, projectId: project.id, chartColor: "#222222" },
    ]);
  return { agencyId, client, project, target, candidate, callerAgencyId: actor.ownAgency ? agencyId : otherAgencyId };
}

async function runCase(route: RouteCase, actor: ActorSpec, clientStatus: "active" | "suspended") {
  const fixture = await freshFixture(actor, clientStatus);
  const expected = expectedAnswer(route, actor, clientStatus === "suspended");
  await route.prepare?.(fixture);
  const res = await call(route.handler as never, {
    method: route.method,
    token: tokens.get(actor.name),
    ...route.request(fixture),
  });
  expect(
    { status: res.status, message: expected.message === undefined ? undefined : res.body?.message },
    JSON.stringify(res.body),
  ).toEqual(expected);
  await route.verify?.(fixture, expected.status >= 200 && expected.status < 300);
}

describe("permission matrix (expected answers computed from lib/permissions.ts)", () => {
  for (const route of ROUTES) {
    describe(routeLabel(route), () => {
      for (const actor of ACTORS) {
        const { status } = expectedAnswer(route, actor, false);
        it(`${actor.name} → ${status}`, () => runCase(route, actor, "active"));
      }
    });
  }
});

describe("permission matrix on a suspended client", () => {
  for (const route of ROUTES.filter((r) => r.scope !== "agency")) {
    describe(routeLabel(route), () => {
      for (const actor of ACTORS) {
        const { status, message } = expectedAnswer(route, actor, true);
        it(`${actor.name} → ${status}${message === MESSAGES.clientSuspended ? " (suspended)" : ""}`, () =>
          runCase(route, actor, "suspended"));
      }
    });
  }

  it("every staff member with a share gets exactly the suspended message; agency admins keep access", async () => {
    const fixture = await freshFixture(ACTORS[0], "active");
    const adminToken = tokens.get("agency admin")!;
    const suspend = await call(clientStatusRoute.PUT, {
      method: "PUT",
      token: adminToken,
      params: { id: fixture.client.id },
      body: { status: "suspended" },
    });
    expect(suspend.status).toBe(200);
    expect(suspend.body.status).toBe("suspended");
    for (const actor of ACTORS.filter((a) => a.level !== null)) {
      const res = await call(clientRoute.GET, { token: tokens.get(actor.name), params: { id: fixture.client.id } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ status: 403, message: "Your client is suspended. Please contact your agency admin." });
      const project = await call(propertyRoute.GET, {
        token: tokens.get(actor.name),
        params: { id: fixture.project.id },
      });
      expect(project.status).toBe(403);
      expect(project.body.message).toBe(MESSAGES.clientSuspended);
    }
    expect((await call(clientRoute.GET, { token: adminToken, params: { id: fixture.client.id } })).status).toBe(200);
    // Reactivated, the shares work again.
    await call(clientStatusRoute.PUT, {
      method: "PUT",
      token: adminToken,
      params: { id: fixture.client.id },
      body: { status: "active" },
    });
    const viewer = ACTORS.find((a) => a.level === 1)!;
    expect(
      (await call(clientRoute.GET, { token: tokens.get(viewer.name), params: { id: fixture.client.id } })).status,
    ).toBe(200);
  });
});

describe("matrix coverage", () => {
  it("tries every method of every client and project route in app/api", () => {
    const root = path.resolve(import.meta.dirname, "..");
    const found: string[] = [];
    for (const dir of ["app/api/clients", "app/api/properties"]) {
      for (const entry of readdirSync(path.join(root, dir), { recursive: true }) as string[]) {
        if (path.basename(entry) !== "route.ts") continue;
        const file = path.posix.join(dir, entry.split(path.sep).join("/"));
        const source = readFileSync(path.join(root, file), "utf8");
        for (const m of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) found.push(`${m[1]} ${file}`);
      }
    }
    const covered = new Set(ROUTES.map((r) => `${r.method} ${r.file}`));
    expect(found.filter((f) => !covered.has(f))).toEqual([]);
    expect(found.length).toBeGreaterThan(10);
  });

  it("exercises every action of the table that has a route", () => {
    const exercised = new Set(ROUTES.flatMap((r) => r.requires));
    const missing = [...CLIENT_ACTIONS, ...AGENCY_ACTIONS].filter(
      (a) => !exercised.has(a) && !ACTIONS_WITHOUT_ROUTES.includes(a),
    );
    expect(missing).toEqual([]);
  });

  it("answers with each caller's actions from the table (GET /clients/{id}/permissions)", async () => {
    const fixture = await freshFixture(ACTORS[0], "active");
    for (const actor of ACTORS.filter((a) => a.ownAgency && (a.isAgencyAdmin || a.level !== null))) {
      const res = await call(clientPermissionsRoute.GET, {
        token: tokens.get(actor.name),
        params: { id: fixture.client.id },
      });
      expect(res.status).toBe(200);
      const subject = { isAgencyAdmin: actor.isAgencyAdmin };
      expect(res.body.actions).toEqual(CLIENT_ACTIONS.filter((a) => canOnClient(subject, actor.level, a)));
      expect(res.body.permission).toBe(actor.isAgencyAdmin ? null : actor.level);
    }
  });
});
