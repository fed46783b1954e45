import { z } from "zod";
import { usageResponse } from "./clients";
import { list, timestamp, uuid } from "./common";
import { userResponse } from "./users";

// What the agency routes answer (the agency, its people, its settings, its partner keys, sign-up and confirmation).

const person = z.strictObject({ _id: uuid, email: z.string(), firstName: z.string(), lastName: z.string() });

/** The caller's own agency with its admins and its use of the plan. */
export const agencyResponse = z.strictObject({
  _id: uuid,
  name: z.string(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  planTier: z.enum(["basic", "pro", "business"]),
  planKind: z.enum(["team", "personal"]),
  subscriptionStatus: z.enum(["demo", "full", "suspended"]),
  projectLimit: z.number().int(),
  activeProjects: z.number().int(),
  usage: usageResponse,
  confirmedAt: timestamp.nullable(),
  admins: z.array(person),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** A staff list entry: the user, and how many clients are shared with them. */
export const staffEntryResponse = userResponse.extend({ clientCount: z.number().int().optional() });

const agencySettings = z.strictObject({
  _id: uuid,
  name: z.string(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  updatedAt: timestamp,
});

const partnerKeys = z.strictObject({
  docs: z.array(
    z.strictObject({
      provider: z.enum(["semrush", "similarweb"]),
      label: z.string(),
      set: z.boolean(),
      /** The key's last 4 characters: never the key. */
      last4: z.string().nullable(),
      checkedAt: timestamp.nullable(),
      checkMessage: z.string().nullable(),
      /** Whether imports fall back to a key of this server when the agency has none. */
      serverFallback: z.boolean(),
    }),
  ),
});

export const AGENCY_RESPONSES = {
  "GET /api/agencies/{id}": agencyResponse,
  "GET /api/agencies/{id}/admin": list(staffEntryResponse),
  "GET /api/agencies/{id}/staffs": list(staffEntryResponse),
  "GET /api/agencies/{id}/settings": agencySettings,
  "PUT /api/agencies/{id}/settings": agencySettings.extend({ message: z.string() }),
  "GET /api/agencies/{id}/partner-keys": partnerKeys,
  "PUT /api/agencies/{id}/partner-keys/{provider}": partnerKeys.extend({ message: z.string() }),
  "DELETE /api/agencies/{id}/partner-keys/{provider}": partnerKeys.extend({ message: z.string() }),
  /** The same answer whether or not the email had an account (no account enumeration). */
  "POST /api/agencies/signup": z.strictObject({ email: z.string() }),
  "GET /api/agencies/confirmation": z.strictObject({ agencyId: uuid, email: z.string(), message: z.string() }),
} satisfies Record<string, z.ZodType>;
