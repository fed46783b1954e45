import "server-only";
import type { Agency } from "../../db/schema";

export function agencySettingsView(agency: Agency) {
  return {
    _id: agency.id,
    name: agency.name,
    website: agency.website,
    phone: agency.phone,
    updatedAt: agency.updatedAt,
  };
}
