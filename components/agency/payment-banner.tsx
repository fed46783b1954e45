"use client";

import { Link } from "@/components/ui/link";
import { useCurrentUser } from "@/lib/hooks/use-current-user";
import { BILLING_MESSAGES } from "@/lib/validation/billing";
import { PaymentPortalButton } from "./payment-portal-button";

/**
 * Every page, for agency admins: a failed payment Stripe is retrying (everything keeps working) or a suspended
 * subscription, with the customer portal one click away to fix the card. Staff are not asked to pay.
 */
export function PaymentBanner() {
  const { data: user } = useCurrentUser();
  if (!user?.isAgencyAdmin) return null;
  const { paymentPastDue, subscriptionStatus } = user.agency;
  if (!paymentPastDue && subscriptionStatus !== "suspended") return null;
  const suspended = subscriptionStatus === "suspended";
  return (
    <div
      role="region"
      aria-label="Payment"
      className={
        suspended
          ? "border-b border-red-200 bg-red-50 text-red-900"
          : "border-b border-amber-200 bg-amber-50 text-amber-900"
      }
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          {suspended ? BILLING_MESSAGES.suspended : BILLING_MESSAGES.pastDue}{" "}
          <Link href="/agency-subscription" className="font-medium underline underline-offset-2">
            Subscription
          </Link>
        </p>
        <PaymentPortalButton agencyId={user.agency._id} variant="primary">
          Update payment method
        </PaymentPortalButton>
      </div>
    </div>
  );
}
