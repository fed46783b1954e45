import { db } from "@/server/db/client";
import { clientProjects, clients, clientStaff } from "@/server/db/schema";
import { createUser } from "./factories";

// Fixtures for the settings and customization tests: clients, projects, sharing, and files.

export async function createClient(agencyId: string, name = "Client") {
  const [client] = await db().insert(clients).values({ agencyId, name }).returning();
  return client;
}

export async function createProject(
  agencyId: string,
  clientId: string,
  opts: { name?: string; siteType?: "ecommerce" | "lead_generation" | "content" | "brand" } = {},
) {
  const [project] = await db()
    .insert(clientProjects)
    .values({ agencyId, clientId, name: opts.name ?? "Project", siteType: opts.siteType ?? "ecommerce" })
    .returning();
  return project;
}

/** A staff member of the agency with `permission` on the client (or none when null). */
export async function createStaff(agencyId: string, clientId: string | null, permission: 1 | 2 | 4 | null) {
  const staff = await createUser({ agencyId, role: "staff" });
  if (clientId && permission) await db().insert(clientStaff).values({ clientId, userId: staff.user.id, permission });
  return staff;
}

// A real 1x1 PNG; padded with trailing bytes (ignored by decoders) to reach exact sizes.
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export function pngOfSize(size: number): Buffer {
  const out = Buffer.alloc(size);
  TINY_PNG.copy(out);
  return out;
}

export function jpegBytes(): Buffer {
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
    Buffer.from("JFIF\0"),
    Buffer.alloc(64),
    Buffer.from([0xff, 0xd9]),
  ]);
}

export function file(bytes: Buffer | string, name: string, type: string): File {
  return new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
}

/** The multipart body of a customization PUT. */
export function customizationForm(fields: Record<string, string | undefined>, logo?: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, value);
  if (logo) form.set("logo", logo);
  return form;
}
