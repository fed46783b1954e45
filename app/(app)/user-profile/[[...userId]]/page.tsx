import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { UserProfileView, type ProfileMode } from "@/components/profile/user-profile-view";

export const metadata: Metadata = { title: "Profile" };

type Props = {
  params: Promise<{ userId?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function UserProfilePage({ params, searchParams }: Props) {
  const [{ userId }, { mode }] = await Promise.all([params, searchParams]);
  if (userId && userId.length > 1) notFound();
  const profileMode: ProfileMode = mode === "change-password" ? "change-password" : "edit";
  return <UserProfileView userId={userId?.[0]} mode={profileMode} />;
}
