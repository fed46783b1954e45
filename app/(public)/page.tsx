import Image from "next/image";
import { Link } from "@/components/ui/link";
import { HomeRedirect } from "@/components/auth/home-redirect";
import { buttonClasses } from "@/components/ui/button";
import { withBasePath } from "@/lib/api-client/http";
import { getActor } from "../_lib/session";

export const dynamic = "force-dynamic";

// What the product does today, and nothing it does not: each line names a screen that exists.
const FEATURES = [
  {
    title: "Your clients' data, per project",
    text: "Connect Google Analytics 4 (and legacy Analytics views), Search Console, Google Ads and HubSpot, or upload CSV exports from any tool and map their columns once. Keyword rankings (Semrush) and competitor traffic (Similarweb) can be added with your own API keys. A demo client with 15 months of data is ready on first start.",
  },
  {
    title: "Findings ranked and explained",
    text: "A report checks 47 questions across Exposure, Exploration, Evaluation and Experience, plus a data quality audit. Each finding gives the change, the expected range and the segments that drove it, ranked by the project's main KPI. URL split tests compare two pages with a significance test.",
  },
  {
    title: "One dashboard for every client",
    text: "Each project's headline numbers against the previous period, the findings of its latest report, and the data sources that are disconnected or out of date, on one screen.",
  },
  {
    title: "Ready to hand over",
    text: "Tag and save insights into custom reports and export them to PowerPoint or Excel with your agency's logo, colours and fonts. Email a report or save it to Dropbox, now or on a weekly, monthly, quarterly or yearly schedule, or share a read-only link.",
  },
  {
    title: "Your team, your plan",
    text: "Share clients with your staff at the level each one needs. Plans are billed through Stripe by the number of projects you report on.",
  },
];

export default async function LandingPage() {
  if (await getActor()) return <HomeRedirect />;
  return (
    <div className="w-full max-w-5xl">
      <section className="py-8 text-center sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          Insight reports your clients will actually read
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-base text-slate-600 sm:text-lg">
          Funnelwise turns your clients&apos; marketing data into ranked, explained findings, so your agency spends its
          time on advice instead of spreadsheets.
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link href="/sign-up" className={buttonClasses("primary", "lg")}>
            Sign up your agency
          </Link>
          <Link href="/login" className={buttonClasses("secondary", "lg")}>
            Log in
          </Link>
        </div>
        <p className="mt-4 text-sm text-slate-600">
          Before you sign up, read our{" "}
          <Link href="/terms" className="text-brand-700 underline underline-offset-2">
            terms of service
          </Link>{" "}
          and{" "}
          <Link href="/privacy" className="text-brand-700 underline underline-offset-2">
            privacy notice
          </Link>
          : what we store and for how long.
        </p>
      </section>
      <figure className="mb-10">
        <Image
          src={withBasePath("/landing/dashboard.png")}
          alt="The Funnelwise dashboard of the demo agency: each project's revenue, transactions and sessions over the last 28 days against the 28 before, with daily lines, its latest report's findings and the week's most impactful findings."
          width={1280}
          height={800}
          unoptimized
          priority
          className="h-auto w-full rounded-xl border border-slate-200 shadow-lg"
        />
        <figcaption className="mt-2 text-center text-sm text-slate-600">
          The dashboard of the demo agency, captured from the product.
        </figcaption>
      </figure>
      <section aria-labelledby="features-heading" className="pb-8">
        <h2 id="features-heading" className="mb-4 text-xl font-semibold text-slate-900">
          What Funnelwise does today
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
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
