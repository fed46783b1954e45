import "server-only";
import type { User } from "../../db/schema";

/** The public shape of a user in API answers (never the password hash or session version). */
export function userView(user: User) {
  return {
    _id: user.id,
    agencyId: user.agencyId,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
    isAgencyAdmin: user.role === "agency",
    onboarding: user.onboarding,
    tempOnboardingStep: user.tempOnboardingStep === null ? null : { step: user.tempOnboardingStep },
    actions: { isScheduleAllowed: user.isScheduleAllowed },
    lastLoginAt: user.lastLoginAt,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
  };
}
export type UserView = ReturnType<typeof userView>;
