import { DEFAULT_PAGE, PAGE_SIZE } from "../constants/app";
import { http } from "./http";
import type * as T from "./types";

/** One typed function per API call the browser makes. */
export const api = {
  users: {
    me: () => http.get<T.CurrentUser>("/users"),
    login: (body: T.LoginBody) => http.post<T.LoginResponse>("/users/login", body),
    logout: () => http.post<{ status: number; message: string }>("/users/logout"),
    /** Staff sign-up through an invitation token. */
    signup: (body: T.StaffSignupBody) => http.post<T.StaffSignupResponse>("/users/signup", body),
    forgotPassword: (body: T.ForgotPasswordBody) => http.post<T.MessageResponse>("/users/forgotpassword", body),
    resetTokenInfo: (token: string) => http.get<T.ResetTokenInfo>(`/users/resetpassword/${encodeURIComponent(token)}`),
    resetPassword: (token: string, body: T.ResetPasswordBody) =>
      http.post<T.ResetPasswordResponse>(`/users/resetpassword/${encodeURIComponent(token)}`, body),
    get: (id: string) => http.get<T.UserInfo>(`/users/${encodeURIComponent(id)}`),
    update: (id: string, body: T.UserUpdateBody) => http.put<T.UpdateUserResponse>(`/users/${encodeURIComponent(id)}`, body),
  },
  agencies: {
    signup: (body: T.AgencySignupBody) => http.post<T.AgencySignupResponse>("/agencies/signup", body),
    confirm: (token: string) => http.get<T.AgencyConfirmation>("/agencies/confirmation", { token }),
    get: (id: string) => http.get<T.Agency>(`/agencies/${encodeURIComponent(id)}`),
    clients: (id: string, { page = DEFAULT_PAGE, limit = PAGE_SIZE }: { page?: number; limit?: number } = {}) =>
      http.get<T.ClientList>(`/agencies/${encodeURIComponent(id)}/clients`, { page, limit }),
  },
  invitations: {
    list: ({ page = DEFAULT_PAGE, limit = PAGE_SIZE }: { page?: number; limit?: number } = {}) =>
      http.get<T.InvitationList>("/invitations", { page, limit }),
    create: (body: { emails: string[] }) => http.post<T.CreateInvitationsResponse>("/invitations", body),
    tokenInfo: (token: string) => http.get<T.InvitationTokenInfo>("/invitations", { token }),
  },
  onboarding: {
    submit: (body: T.OnboardingBody) => http.post<T.OnboardingResult>("/onboarding", body),
    getTemp: () => http.get<T.TempOnboarding>("/temp-onboarding"),
    setTemp: (step: number) => http.post<T.TempOnboarding>("/temp-onboarding", { step }),
  },
};
