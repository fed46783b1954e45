import { expectAccessible } from "./support/axe";
import { expect, test, type Page } from "./support/test";
import { linkIn, waitForMail } from "./support/mail";

const stamp = Date.now();
const owner = { email: `owner-${stamp}@agency.test`, password: "Owner123!", agency: `Acme Growth ${stamp}` };
const staff = { email: `staff-${stamp}@agency.test`, password: "Staff123!" };
const newPassword = "Changed123!";

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test.describe.serial("accounts", () => {
  test("an agency owner registers, confirms by email, logs in, completes onboarding and sees the dashboard", async ({
    page,
  }) => {
    await page.goto("/sign-up");
    await page.getByRole("button", { name: "Create agency" }).click();
    await expect(
      page.getByText("There was a problem with your registration. Errors have been highlighted below."),
    ).toBeVisible();

    await page.getByLabel("Agency name").fill(owner.agency);
    await page.getByLabel("First name").fill("Olivia");
    await page.getByLabel("Last name").fill("Owner");
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByLabel("Confirm password").fill(owner.password);
    await page.getByLabel("I accept the terms of service").check();
    await page.getByRole("button", { name: "Create agency" }).click();
    await expect(page.getByText(/check your email/i)).toBeVisible();

    const mail = await waitForMail(owner.email, /Confirm your Funnelwise agency/);
    await page.goto(linkIn(mail, "/agencies/confirmation/"));
    await expect(page.getByText(/your agency is confirmed/i)).toBeVisible();

    await logIn(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/onboarding\?step=1/);
    const dataLayer = await page.evaluate(
      () => (window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? [],
    );
    expect(dataLayer.some((entry) => entry.event === "login")).toBe(true);

    await page.getByLabel("Client name").fill("Northwind Traders");
    await page.getByLabel("Project name").fill("Northwind Store");
    await page.getByLabel("Site type").selectOption("ecommerce");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/step=2/);
    await page.getByRole("button", { name: "Skip for now" }).click();
    await expect(page).toHaveURL(/step=3/);
    // Step 3 adds a competitor source to the project step 1 added.
    const main = page.getByRole("main");
    await main.getByLabel("Data source name").fill("Northwind rivals");
    await main.getByLabel("Competitor 1").fill("rival-traders.example");
    await main.getByRole("button", { name: "Connect" }).click();
    // Added at once; connected once its first import succeeds (the worker may or may not have run it yet).
    await expect(main.getByText(/Northwind rivals is (added|connected)/)).toBeVisible();
    await expectAccessible(page, "onboarding step 3");
    await main.getByRole("button", { name: "Done" }).click();
    await expect(main.getByText("Competitors added to Northwind Store")).toBeVisible();
    await page.getByRole("button", { name: "Finish" }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByText(owner.agency).first()).toBeVisible();
    await expectAccessible(page, "dashboard");
  });

  test("a wrong password shows the spec's message", async ({ page }) => {
    await logIn(page, owner.email, "Wrong123!");
    await expect(page.getByText("Your email or password is invalid")).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test("an admin invites a staff member who accepts and logs in", async ({ page }) => {
    await logIn(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.getByLabel("Emails to invite").fill(staff.email);
    await page.getByRole("button", { name: "Send invitations" }).click();
    await expect(page.getByText(staff.email).first()).toBeVisible();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/login/);

    const mail = await waitForMail(staff.email, /invited/i);
    await page.goto(linkIn(mail, "/invitations/"));
    await expect(page.getByText(staff.email).first()).toBeVisible();
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Staff");
    await page.getByLabel("Password", { exact: true }).fill(staff.password);
    await page.getByLabel("Confirm password").fill(staff.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/login/);

    await logIn(page, staff.email, staff.password);
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByLabel("Emails to invite")).toHaveCount(0);
  });

  test("a forgotten password is reset by email", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(owner.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(/we have sent it a link/i)).toBeVisible();

    const mail = await waitForMail(owner.email, /Reset your Funnelwise password/);
    await page.goto(linkIn(mail, "/reset-password/"));
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByLabel("Confirm password").fill(owner.password);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("The new password must be different from the previous one")).toBeVisible();
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText(/your password has been changed/i)).toBeVisible();

    await logIn(page, owner.email, owner.password);
    await expect(page.getByText("Your email or password is invalid")).toBeVisible();
    await logIn(page, owner.email, newPassword);
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test("an unknown path shows the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("We couldn't find the page you were looking for")).toBeVisible();
  });

  test("the demo admin printed by npm start can log in", async ({ page }) => {
    await logIn(page, "demo@funnelwise.local", "Demo123!");
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByText("Demo Agency").first()).toBeVisible();
  });
});
