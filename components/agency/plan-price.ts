// A Stripe Price as a person reads it: "$99.00 a month", "€900.00 a year", "$30.00 every 3 months".
type Interval = "day" | "week" | "month" | "year";

export function planPrice(
  amount: number,
  currency: string,
  interval: Interval,
  intervalCount: number,
  part: "both" | "amount" | "interval" = "both",
): string {
  const money = new Intl.NumberFormat("en", { style: "currency", currency: currency.toUpperCase() }).format(
    amount / 100,
  );
  const every = intervalCount === 1 ? `a ${interval}` : `every ${intervalCount} ${interval}s`;
  return part === "amount" ? money : part === "interval" ? every : `${money} ${every}`;
}
