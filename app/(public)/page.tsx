import Link from "next/link";
import { HomeRedirect } from "@/components/auth/home-redirect";
import { buttonClasses } from "@/components/ui/button";
import { getActor } from "../_lib/session";

export const dynamic = "force-dynamic";

const FEATURES = [
  {
    title: "Every source in one place",
    text: "Connect web analytics, search performance and advertising accounts for each client project.",
  },
  {
    title: "Insights, not dashboards",
    text: "Ranked, explained findings across the funnel: Exposure, Exploration, Evaluation and Experience.",
  },
  {
    title: "Ready for your clients",
    text: "Tag, save, schedule and export reports to slides or spreadsheets with your agency's look.",
  },
];

export default async function LandingPage() {
  if (await getActor()) return <HomeRedirect />;
  return (
    <div className="w-full max-w-5xl">
      <section className="py-8 text-center sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          Insight reports your clients will actually read
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-base text-slate-600 sm:text-lg">
          Funnelwise turns your clients&apos; analytics and advertising data into ranked, explained insights, so your
          agency spends its time on advice instead of spreadsheets.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link href="/sign-up" className={buttonClasses("primary", "lg")}>
            Sign up your agency
          </Link>
          <Link href="/login" className={buttonClasses("secondary", "lg")}>
            Log in
          </Link>
        </div>
      </section>
      <section aria-labelledby="features-heading" className="pb-8">
        <h2 id="features-heading" className="sr-only">
          What Funnelwise does
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-sm text-slate-600">{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
