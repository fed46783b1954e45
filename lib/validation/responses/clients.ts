import { z } from "zod";
import { CLIENT_ACTIONS } from "../../permissions";
import { done, list, timestamp, uuid } from "./common";

// What the client and project routes answer (server/services/clients/client-view.ts and the project services).

const activeStatus = z.enum(["active", "suspended"]);

/** A client reporting project ("property", labelled Performance Report). */
export const projectResponse = z.strictObject({
  _id: uuid,
  clientId: uuid,
  agencyId: uuid,
  name: z.string(),
  label: z.literal("Performance Report"),
  siteType: z.enum(["ecommerce", "lead_generation", "content", "brand"]),
  url: z.string().nullable(),
  currency: z.string(),
  timeZone: z.string(),
  status: activeStatus,
  settings: z.record(z.string(), z.unknown()),
  /** When its newest ready report was made; null before the first. */
  lastReportAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** The agency's active projects against its plan's limit. */
export const usageResponse = z.strictObject({
  active: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
  nearLimit: z.boolean(),
  atLimit: z.boolean(),
});

/** A client as the caller sees it: their level on it (null for agency admins) and the actions it allows. */
export const clientResponse = z.strictObject({
  _id: uuid,
  agencyId: uuid,
  name: z.string(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  country: z.string().nullable(),
  /** The country by name; "" when none is set. */
  countryName: z.string(),
  status: activeStatus,
  permission: z.number().int().nullable(),
  actions: z.array(z.enum(CLIENT_ACTIONS)),
  createdAt: timestamp,
  updatedAt: timestamp,
});

const clientAdmin = z.strictObject({ _id: uuid, email: z.string(), firstName: z.string(), lastName: z.string() });
/** A client with its projects and Client Admins (the dashboard's entry). */
export const clientEntryResponse = clientResponse.extend({
  projects: z.array(projectResponse),
  clientAdmins: z.array(clientAdmin),
});

export const projectWithUsageResponse = projectResponse.extend({ usage: usageResponse });

export const CLIENT_RESPONSES = {
  "POST /api/clients": clientResponse.extend({ projects: z.array(projectResponse) }),
  "GET /api/clients/{id}": clientEntryResponse,
  "PUT /api/clients/{id}": clientResponse,
  "DELETE /api/clients/{id}": done(),
  "PUT /api/clients/{id}/status": clientResponse,
  "GET /api/clients/{id}/properties": list(projectResponse),
  "POST /api/clients/{id}/properties/add": projectWithUsageResponse,
  "GET /api/agencies/{id}/clients": list(clientEntryResponse),
  "GET /api/properties/{id}": projectResponse.extend({ client: clientResponse, usage: usageResponse }),
  "PUT /api/properties/{id}": projectWithUsageResponse,
} satisfies Record<string, z.ZodType>;
