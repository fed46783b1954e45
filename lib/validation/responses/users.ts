import { z } from "zod";
import { MESSAGES } from "../../constants/messages";
import { clientResponse } from "./clients";
import { done, list, timestamp, uuid } from "./common";

// What the account and user routes answer (server/services/users/user-view.ts and the account services).

/** A user as the API shows them: never the password hash or session version. */
export const userResponse = z.strictObject({
  _id: uuid,
  agencyId: uuid,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(["agency", "staff"]),
  isAgencyAdmin: z.boolean(),
  onboarding: z.boolean(),
  tempOnboardingStep: z.strictObject({ step: z.number().int() }).nullable(),
  actions: z.strictObject({ isScheduleAllowed: z.boolean() }),
  lastLoginAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

/** The caller, with their agency's summary (GET /api/users and the login answer). */
export const currentUserResponse = userResponse.extend({
  agency: z.strictObject({
    _id: uuid,
    name: z.string(),
    subscriptionStatus: z.enum(["demo", "full", "suspended"]),
    planTier: z.enum(["basic", "pro", "business"]),
    planKind: z.enum(["team", "personal"]),
    projectLimit: z.number().int(),
    /** A payment failed and Stripe is retrying the card. */
    paymentPastDue: z.boolean(),
  }),
});

const message = z.strictObject({ message: z.string() });

export const USER_RESPONSES = {
  "GET /api/users": currentUserResponse,
  "POST /api/users/login": z.strictObject({ token: z.string(), user: currentUserResponse }),
  "POST /api/users/logout": done(),
  "GET /api/users/{id}": userResponse,
  /** mode "edit": the user; "change-password": a new session token as well (the old ones end). */
  "PUT /api/users/{id}": z.strictObject({ message: z.string(), user: userResponse, token: z.string().optional() }),
  "DELETE /api/users/{id}": done(),
  "PUT /api/users/{id}/role": userResponse,
  "POST /api/users/{id}/permissions/update": z.strictObject({
    userId: uuid,
    permissions: z.array(z.strictObject({ clientId: uuid, permission: z.number().int() })),
    actions: z.strictObject({ isScheduleAllowed: z.boolean() }),
    /** The schedules of theirs paused because they lost the schedule permission. */
    pausedSchedules: z.number().int(),
  }),
  "GET /api/users/{id}/clients": list(clientResponse),
  "POST /api/users/signup": z.strictObject({ user: userResponse }),
  "POST /api/users/forgotpassword": message.extend({ message: z.literal(MESSAGES.forgotPasswordSent) }),
  "GET /api/users/resetpassword/{token}": z.strictObject({
    token: z.string(),
    email: z.string(),
    expiresAt: timestamp,
  }),
  "POST /api/users/resetpassword/{token}": message,
} satisfies Record<string, z.ZodType>;
