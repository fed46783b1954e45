"use client";

import { Link } from "@/components/ui/link";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ErrorState, LoadingState } from "@/components/ui/page-state";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useCurrentUser, useUser } from "@/lib/hooks/use-current-user";
import { ChangePasswordForm } from "./change-password-form";
import { EditProfileForm } from "./edit-profile-form";

export type ProfileMode = "edit" | "change-password";

export function UserProfileView({ userId, mode }: { userId?: string; mode: ProfileMode }) {
  const me = useCurrentUser();
  const targetId = userId ?? me.data?._id ?? "";
  const user = useUser(targetId);
  const isSelf = Boolean(me.data && targetId === me.data._id);
  // Only you can change your own password; for anyone else the page is the profile form.
  const activeMode: ProfileMode = isSelf ? mode : "edit";
  const basePath = userId ? `/user-profile/${userId}` : "/user-profile";

  const header = (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        {isSelf || !user.data ? "Your profile" : `${user.data.firstName} ${user.data.lastName}`}
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {activeMode === "edit"
          ? "Update the name and phone number your agency sees."
          : "Choose a new password for logging in."}
      </p>
    </div>
  );

  if (me.isPending || user.isPending) return <LoadingState label="Loading profile…" />;
  const error = me.error ?? user.error;
  if (error)
    return (
      <ErrorState
        message={toApiError(error).message}
        onRetry={() => void (me.isError ? me.refetch() : user.refetch())}
      />
    );
  if (!user.data) return <LoadingState label="Loading profile…" />;

  const tabs: { mode: ProfileMode; label: string }[] = [
    { mode: "edit", label: "Profile details" },
    ...(isSelf ? [{ mode: "change-password" as const, label: "Password" }] : []),
  ];

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      {header}
      {tabs.length > 1 ? (
        <nav aria-label="Profile sections" className="flex gap-1 border-b border-slate-200">
          {tabs.map((tab) => (
            <Link
              key={tab.mode}
              href={`${basePath}?mode=${tab.mode}`}
              aria-current={activeMode === tab.mode ? "page" : undefined}
              className={cn(
                "-mb-px rounded-t-md border-b-2 px-4 py-2 text-sm font-medium",
                activeMode === tab.mode
                  ? "border-brand-600 text-brand-800"
                  : "border-transparent text-slate-600 hover:text-slate-900",
              )}
            >
              {tab.label}
            </Link>
          ))}
        </nav>
      ) : null}
      <Card>
        {activeMode === "edit" ? (
          <EditProfileForm key={user.data._id} user={user.data} />
        ) : (
          <ChangePasswordForm userId={user.data._id} />
        )}
      </Card>
    </div>
  );
}
