import type { Metadata } from "next";
import { ClientCustomization } from "@/components/customization/client-customization";

export const metadata: Metadata = { title: "Client customization" };

/** /customization-client?clientId=…; without it the user picks a client. */
export default async function ClientCustomizationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { clientId } = await searchParams;
  return <ClientCustomization clientId={typeof clientId === "string" && clientId ? clientId : undefined} />;
}
