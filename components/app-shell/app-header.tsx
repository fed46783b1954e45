"use client";

import { usePathname } from "next/navigation";
import { Brand } from "@/components/layout/brand";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { canOnAgency } from "@/lib/permissions";
import { LogoutButton } from "./logout-button";
import { NavLink, currentFor } from "./nav-link";
import { NotificationsBell } from "./notifications-bell";
import { SettingsMenu } from "./settings-menu";

export function AppHeader() {
  const pathname = usePathname();
  const { data: user } = useCurrentUser();
  // The spec's settings areas.
  const settings = [{ href: "/user-profile", label: "Profile" }];
  if (user && canOnAgency(user, "agency:customize"))
    settings.push({ href: "/customization-agency", label: "Visual Customization" });
  if (user && canOnAgency(user, "agency:settings"))
    settings.push({ href: "/agency-detail#plan", label: "Manage Subscription" });
  if (user && canOnAgency(user, "agency:staff")) settings.push({ href: "/agency-staffs", label: "Agency staff" });
  if (user?.actions.isScheduleAllowed) settings.push({ href: "/schedule", label: "Active Report Schedule" });
  settings.push({ href: "/agency-detail", label: "Agency details" });
  settings.push({ href: "/third-party-service", label: "Third Party Service Access" });
  if (user?.isAgencyAdmin) settings.push({ href: "/api-reference", label: "API" });

  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <Brand href="/dashboard" />
        <nav
          aria-label="Main"
          className="order-3 flex w-full min-w-0 flex-wrap items-center gap-1 sm:order-none sm:w-auto sm:flex-1"
        >
          <NavLink href="/dashboard" current={currentFor(pathname, "/dashboard")}>
            Dashboard
          </NavLink>
          <NavLink href="/clients" current={currentFor(pathname, "/clients", ["/clients", "/client-projects"])}>
            Clients
          </NavLink>
          <NavLink href="/splitUrlTest" current={currentFor(pathname, "/splitUrlTest")}>
            Split tests
          </NavLink>
          {user?.actions.isScheduleAllowed ? (
            <NavLink
              href="/schedule"
              current={currentFor(pathname, "/schedule", [
                "/schedule",
                "/schedules",
                "/email-schedule",
                "/dropbox-schedule",
              ])}
            >
              Schedules
            </NavLink>
          ) : null}
          <SettingsMenu items={settings} />
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-3">
          <NotificationsBell />
          {user ? (
            <span
              className="hidden max-w-48 truncate text-sm text-slate-700 sm:inline"
              title={`${user.firstName} ${user.lastName}`}
            >
              {user.firstName} {user.lastName}
            </span>
          ) : null}
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
