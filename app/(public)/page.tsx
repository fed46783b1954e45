import Image from "next/image";
import { Link } from "@/components/ui/link";
import { HomeRedirect } from "@/components/auth/home-redirect";
import { buttonClasses } from "@/components/ui/button";
import { withBasePath } from "@/lib/api-client/http";
import { premiumEnabled } from "@/server/integrations/premium/config";
import { getActor } from "../_lib/session";
import { landingFeatures } from "./landing-features";

export const dynamic = "force-dynamic";

export default async function LandingPage() {
  if (await getActor()) return <HomeRedirect />;
  const features = landingFeatures(premiumEnabled());
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
          {features.map((feature) => (
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
