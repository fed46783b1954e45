import "server-only";
import { clientActionsFor } from "@/lib/permissions";
import { countryName } from "@/lib/constants/countries";
import type { Actor } from "../../auth/actor";
import type { Client, ClientProject } from "../../db/schema";

export function projectView(project: ClientProject, lastReportAt: Date | null = null) {
  return {
    _id: project.id,
    clientId: project.clientId,
    agencyId: project.agencyId,
    name: project.name,
    label: "Performance Report",
    siteType: project.siteType,
    url: project.url,
    currency: project.currency,
    timeZone: project.timeZone,
    status: project.status,
    settings: project.settings,
    lastReportAt,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
  };
}
export type ProjectView = ReturnType<typeof projectView>;

/** A client as the API shows it, with the caller's level and the actions it allows (the UI hides the rest). */
export function clientView(actor: Actor, client: Client, level: number | null) {
  return {
    _id: client.id,
    agencyId: client.agencyId,
    name: client.name,
    website: client.website,
    industry: client.industry,
    country: client.country,
    countryName: countryName(client.country),
    status: client.status,
    permission: actor.isAgencyAdmin ? null : level,
    actions: clientActionsFor(actor, level),
    createdAt: client.createdAt,
    updatedAt: client.updatedAt,
  };
}
export type ClientView = ReturnType<typeof clientView>;
