import { expect, test } from "./support/test";

test("the agency admin subscribes through Checkout and gets the plan's project limit", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("demo@funnelwise.local");
  await page.getByLabel("Password", { exact: true }).fill("Demo123!");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto("/agency-subscription");
  await expect(page.getByRole("heading", { name: "Subscription" })).toBeVisible();
  await expect(page.getByText(/Your agency is on the demo plan\./)).toBeVisible();
  await page.getByLabel("Team (agency with staff)").check();
  await page.getByRole("button", { name: "Subscribe to Pro Team" }).click();

  // Stripe's hosted Checkout (the fake's page), then back to the app.
  await expect(page.getByRole("heading", { name: "Subscribe" })).toBeVisible();
  await page.getByRole("button", { name: "Pay and subscribe" }).click();
  await expect(page).toHaveURL(/\/agency-subscription\?checkout=success/);
  await expect(page.getByText("Thank you: your subscription is active.")).toBeVisible();
  await expect(page.getByText(/Pro Team · \$99\.00 a month/)).toBeVisible();
  await expect(page.getByText(/ of 25$/)).toBeVisible();
  await expect(page.getByText("Next invoice")).toBeVisible();
});
