import { z } from "zod";
import { CLIENT_ACTIONS } from "../../permissions";
import { list, timestamp, uuid, done } from "./common";
import { staffEntryResponse } from "./agencies";
import { clientResponse, projectResponse } from "./clients";
import { userResponse } from "./users";

// What the sharing, invitation and health routes answer.

/** A staff member of a client, with their level on it. */
export const clientStaffResponse = staffEntryResponse.extend({ permission: z.number().int().nullable().optional() });

const invitation = z.strictObject({
  _id: uuid,
  agencyId: uuid,
  email: z.string(),
  role: z.enum(["agency", "staff"]),
  status: z.enum(["accepted", "expired", "pending"]),
  expiresAt: timestamp,
  acceptedAt: timestamp.nullable(),
  createdAt: timestamp,
});

/** GET /invitations?token=…: what an invitation link is for (anyone holding it). */
const invitationTokenInfo = z.strictObject({
  token: z.string(),
  agencyId: uuid,
  email: z.string(),
  agencyName: z.string(),
});

export const WORKSPACE_RESPONSES = {
  "GET /api/clients/{id}/permissions": z.strictObject({
    clientId: uuid,
    isAgencyAdmin: z.boolean(),
    permission: z.number().int().nullable(),
    label: z.string(),
    actions: z.array(z.enum(CLIENT_ACTIONS)),
  }),
  "GET /api/clients/{id}/staffs": list(clientStaffResponse),
  "POST /api/clients/{id}/staffs/add": z.strictObject({ message: z.string(), staff: clientStaffResponse }),
  "GET /api/clients/{id}/staffs/{staffId}": clientStaffResponse,
  "PUT /api/clients/{id}/staffs/{staffId}": clientStaffResponse,
  "DELETE /api/clients/{id}/staffs/{staffId}": done(),
  /** With `?token=`: the invitation's details (public); without: the agency's invitations (admins). */
  "GET /api/invitations": z.union([invitationTokenInfo, list(invitation)]),
  "POST /api/invitations": list(invitation).extend({ message: z.string() }),
  "GET /api/health": z.strictObject({ status: z.literal("ok") }),
} satisfies Record<string, z.ZodType>;

const searchClients = list(clientResponse);
const searchUsers = list(userResponse);
const searchProperties = list(projectResponse.extend({ clientName: z.string() }));

/** The search routes: matches the caller may see, best first, each kind paged on its own. */
export const SEARCH_RESPONSES = {
  "GET /api/searches": z.strictObject({ clients: searchClients, users: searchUsers, properties: searchProperties }),
  "GET /api/searches/clients": searchClients,
  "GET /api/searches/users": searchUsers,
  "GET /api/searches/properties": searchProperties,
} satisfies Record<string, z.ZodType>;
