import { Link } from "@/components/ui/link";
import { Card } from "@/components/ui/card";
import { MESSAGES } from "@/lib/constants/messages";

/** What staff see on any page of a suspended client: the spec's message, and a way back. */
export function ClientSuspended() {
  return (
    <Card className="mx-auto max-w-xl text-center">
      <h1 className="text-xl font-semibold text-slate-900">Client suspended</h1>
      <p role="alert" className="mt-3 text-slate-700">
        {MESSAGES.clientSuspended}
      </p>
      <p className="mt-4 text-sm">
        <Link href="/dashboard" className="text-brand-700 underline underline-offset-2">
          Back to the dashboard
        </Link>
      </p>
    </Card>
  );
}
