// User-facing messages. Those quoted in the product spec are verbatim; do not reword them.
export const MESSAGES = {
  required: "This field is required",
  invalidEmail: "Please enter a valid email",
  invalidEmails: "Please enter valid emails",
  invalidPhone: "Please enter a valid phone number of 10 to 16 digits",
  passwordRules:
    "Password must be at least 6 characters with one upper case letter, one lower case letter, one number and one special character from !@#?$%^&*",
  passwordMismatch: "Passwords do not match",
  passwordSameAsPrevious: "The new password must be different from the previous one",
  currentPasswordWrong: "Your current password is incorrect",
  termsRequired: "You must accept the terms of service to register",
  registrationProblem: "There was a problem with your registration. Errors have been highlighted below.",
  loginInvalid: "Your email or password is invalid",
  loginNoStatus: "Something went wrong. Please try again",
  loginRateLimited: "Too many login attempts. Please wait 15 minutes and try again.",
  forgotPasswordRateLimited: "Too many password reset requests. Please wait an hour and try again.",
  invitationRateLimited: "Too many invitations were sent. Please wait and try again later.",
  recaptchaFailed: "Please confirm that you are not a robot",
  agencyNotConfirmed: "Please confirm your agency with the link we emailed you before logging in.",
  emailTaken: "An account with this email already exists",
  notFound: "We couldn't find the page you were looking for",
  internalError: "Something went wrong. Please try again",
  sessionExpired: "Your session has expired. Please log in again.",
  forbidden: "You do not have permission to do this",
  crossSiteRequest: "This request did not come from Funnelwise's own pages, so nothing was changed",
  clientSuspended: "Your client is suspended. Please contact your agency admin.",
  forgotPasswordSent: "If an account exists for that email, we have sent it a link to reset the password.",
  resetTokenInvalid: "This password reset link is invalid or has expired. Please request a new one.",
  passwordResetDone: "Your password has been changed. You can now log in.",
  confirmationTokenInvalid: "This confirmation link is invalid or has expired.",
  agencyConfirmed: "Your agency is confirmed. You can now log in.",
  invitationInvalid: "This invitation is invalid or has expired. Please ask your agency admin for a new one.",
  invitationAlreadyMember: "This email already has a Funnelwise account",
  invitationAlreadyInAgency: "This email already belongs to a member of your agency",
  invitationsSent: "Invitations sent",
  profileUpdated: "Your profile has been updated",
  passwordChanged: "Your password has been changed",
  projectLimitReached: (limit: number) =>
    `Your plan allows ${limit} active projects and that limit is reached. Plan changes go through support.`,
  malformedJson: "The request body is not valid JSON",
  jsonTooDeep: "The request body is nested too deeply",
  unsupportedMediaType: "The request body must be JSON (Content-Type: application/json)",
  payloadTooLarge: "The request body is too large",
  validationFailed: "Some fields are invalid",
  invalidCharacters:
    "This field contains characters that are not allowed (a NUL character or a broken Unicode sequence)",
  badPath: "The address is not valid (malformed percent-encoding)",
  methodNotAllowed: "This method is not allowed here",
  serviceUnavailable: "The service is briefly unavailable. Please try again in a moment",
  emptyUpdate: "Nothing to change: send at least one field",
} as const;

export const maxLengthMessage = (field: string, max = 255) => `${field} should be equal or less than ${max} characters`;

export const WORKSPACE_MESSAGES = {
  emailNotInAgency: "The email does not exist in the agency",
  shareFailedCauses: [
    "the email belongs to an agency admin, who already sees every client",
    "you do not have the right to share this client",
    "the client is suspended",
  ],
  adminAlreadyHasAccess: "Agency admins already have access to every client",
  cannotChangeOwnAccess: "You cannot change your own access",
  lastAdmin: "The agency needs at least one agency admin",
  staffRemoved: "Staff member removed",
  clientShared: "Client shared",
} as const;

// Google sign-in and Google data sources. The first two are quoted verbatim in the spec (section 8);
// the spec names the other cases (no analytics accounts, no search console accounts, no primary or
// secondary goals) without their wording, and does not cover sync failures: those are ours.
export const GOOGLE_MESSAGES = {
  accessDenied: "Access denied. Please allow Google to access your data.",
  popupClosed: "Pop up closed. Please select a Google's source and login again.",
  noAnalyticsAccounts: "This Google account has no Google Analytics accounts. Sign in with another Google account.",
  noSearchConsoleAccounts: "This Google account has no Search Console properties. Sign in with another Google account.",
  noAdsAccounts: "This Google account has no Google Ads accounts. Sign in with another Google account.",
  noPrimaryGoals: "This view has no primary goals set. Set up goals in Google Analytics, then try again.",
  noSecondaryGoals: "This view has no secondary goals.",
  tokenExpired:
    "Your Google access has expired or was revoked. Please reconnect Google to resume the daily import; the data already imported is kept.",
  accessLost:
    "Google refused access to this account or property: the signed-in Google user may have lost access. Please reconnect with a user who has access; the data already imported is kept.",
  quotaExceeded:
    "Google's quota for this account or property is used up for now. The import will try again later; the data already imported is kept.",
  unavailable:
    "Google did not answer properly after several tries. The import will try again later; the data already imported is kept.",
  malformedResponse:
    "Google sent a response that could not be read. The import will try again later; the data already imported is kept.",
  invalidState: "This Google sign-in link is invalid or has expired. Please sign in with Google again.",
  notConfigured:
    "Google sign-in is not set up on this server — ask whoever runs Funnelwise to add it; until then, upload exports",
  syncAlreadyRunning: "An import of this data source is already running.",
  /** Spec section 5: "Analytics authentication is required." */
  signInRequired: "Analytics authentication is required. Please sign in with Google.",
  primaryGoalMustBeGoalOne: "The primary goal must be goal 1",
  noPropertyAccess: "The signed-in Google account cannot see this property. Choose one from the list.",
  notSyncable: "This data source is not imported from Google: there is nothing to sync.",
  syncQueued: "The import is queued and starts within a minute.",
  reconnected: "Google is reconnected. The import starts again; the data already imported is kept.",
} as const;

// Delivery by email, to Dropbox and on a schedule. The Dropbox and schedule wordings are the spec's, verbatim.
export const DELIVERY_MESSAGES = {
  dropboxTokenInvalid: "Your access token is not valid or has expired. Please try to connect your Dropbox again",
  dropboxPathError: "You are not permission to write this folder",
  dropboxUnavailable: "Dropbox did not answer. Please try again in a few minutes.",
  scheduleNotAllowed: "Your account is not allowed to create schedules!",
  mailServerDown: "The email could not be sent: the mail server did not accept the connection",
  mailRejected: "The email could not be sent: the mail server refused it",
} as const;

// Emailing a report by hand: what the dialog and the API say.
export const EMAIL_SEND_MESSAGES = {
  notForm: "Send the email as multipart form data",
  malformed: "The form could not be read",
  tooLarge: "The form is too large",
  queued: "The email is on its way",
} as const;
