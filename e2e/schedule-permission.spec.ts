import { expect, test, type Page } from "./support/test";
import { linkIn, waitForMail } from "./support/mail";

// Spec sections 2 and 8: a staff member without "May create schedules" is sent from every schedule route to the
// dashboard, which says why in the spec's words, and the API refuses them with a 403 and the same message. The admin
// turns the permission off and on from the staff page.

const stamp = Date.now();
const admin = { email: "demo@funnelwise.local", password: "Demo123!" };
const staff = { email: `scheduler-${stamp}@agency.test`, password: "Staff123!", name: "Sam Scheduler" };
const CLIENT = "Northwind Outfitters";
const STORE = "Northwind Outfitters Store";
const NOT_ALLOWED = "Your account is not allowed to create schedules!";

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test("a staff member without the schedule permission is sent to the dashboard and refused by the API", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const a = await (await browser.newContext()).newPage();
  const s = await (await browser.newContext()).newPage();

  // The admin invites a staff member, who accepts, and shares the demo client with them at Viewer level.
  await logIn(a, admin.email, admin.password);
  await a.goto("/agency-staffs");
  await a.getByLabel("Emails to invite").fill(staff.email);
  await a.getByRole("button", { name: "Send invitations" }).click();
  await s.goto(linkIn(await waitForMail(staff.email, /invited/i), "/invitations/"));
  await s.getByLabel("First name").fill("Sam");
  await s.getByLabel("Last name").fill("Scheduler");
  await s.getByLabel("Password", { exact: true }).fill(staff.password);
  await s.getByLabel("Confirm password").fill(staff.password);
  await s.getByRole("button", { name: "Create account" }).click();
  await expect(s).toHaveURL(/\/login/);
  await a.goto("/dashboard");
  await a.getByRole("link", { name: CLIENT, exact: true }).first().click();
  await expect(a).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await a.goto(`${new URL(a.url()).pathname}/staffs`);
  await a.getByLabel("Staff email").fill(staff.email);
  await a.getByLabel("Permission level").selectOption({ label: "Viewer" });
  await a.getByRole("button", { name: "Share client" }).click();
  await expect(a.getByRole("listitem", { name: staff.name })).toBeVisible();

  // With the permission (the default), the staff member reaches the schedules.
  await logIn(s, staff.email, staff.password);
  await s.getByRole("link", { name: STORE }).first().click();
  await expect(s).toHaveURL(/\/client-projects\/[0-9a-f-]{36}/);
  const projectId = /\/client-projects\/([0-9a-f-]{36})/.exec(s.url())![1];
  await s.goto("/schedule");
  await expect(s.getByRole("heading", { level: 1, name: "Active report schedules" })).toBeVisible();

  // The admin takes it away on the staff page.
  await a.goto("/agency-staffs");
  const toggle = a.getByLabel(`${staff.name} may create schedules`);
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(a.getByText(`${staff.name} may no longer create schedules`).first()).toBeVisible();
  await expect(toggle).not.toBeChecked();

  // Every schedule route sends them to the dashboard, which says why in the spec's words.
  for (const route of ["/schedule", `/email-schedule/${projectId}/insight`, `/dropbox-schedule/${projectId}/insight`]) {
    await s.goto(route);
    await expect(s).toHaveURL(/\/dashboard\?notice=schedules-not-allowed$/);
    await expect(s.getByText(NOT_ALLOWED)).toBeVisible();
  }
  // No way to a schedule is offered on the report either.
  await s.goto(`/client-projects/${projectId}`);
  await expect(s.getByRole("button", { name: "Email", exact: true }).first()).toBeVisible();
  await expect(s.getByRole("link", { name: "Schedule email" })).toHaveCount(0);

  // The API answers 403 with the same message, to the page's own request.
  const refused = await s.evaluate(async (id) => {
    const res = await fetch(`${document.baseURI.replace(/\/client-projects\/.*$/, "")}/api/insights/${id}/schedules`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        frequency: "weekly",
        weekday: 3,
        timeOfDay: "08:30",
        recipients: "boss@client.example",
        format: "pptx",
      }),
    });
    return { status: res.status, body: (await res.json()) as { message?: string } };
  }, projectId);
  expect(refused).toEqual({ status: 403, body: expect.objectContaining({ message: NOT_ALLOWED }) });

  // Given back, the schedules open again.
  await a.reload();
  await a.getByLabel(`${staff.name} may create schedules`).click();
  await expect(a.getByText(`${staff.name} may create schedules`, { exact: true }).first()).toBeVisible();
  await s.goto("/schedule");
  await expect(s.getByRole("heading", { level: 1, name: "Active report schedules" })).toBeVisible();
});
