import type { Metadata } from "next";
import { ClientDetailView } from "@/components/clients/client-detail-view";

export const metadata: Metadata = { title: "Client" };

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function ClientPage({ params, searchParams }: Props) {
  const [{ id }, { q }] = await Promise.all([params, searchParams]);
  return <ClientDetailView key={id} clientId={id} q={typeof q === "string" ? q : ""} />;
}
