import { expect, test, type Page } from "./support/test";
import { linkIn, waitForMail } from "./support/mail";

const stamp = Date.now();
const admin = { email: "demo@funnelwise.local", password: "Demo123!" };
const staff = { email: `viewer-${stamp}@agency.test`, password: "Staff123!" };
const client = { name: `Lumière Café ${stamp}`, website: "lumiere-cafe.example" };
const hiddenClient = `Hidden Holdings ${stamp}`;
const SUSPENDED = "Your client is suspended. Please contact your agency admin.";

const clientsCard = (page: Page) => page.getByRole("region", { name: "Clients", exact: true });

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

async function addClient(page: Page, name: string, website?: string): Promise<string> {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Add client" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Client name").fill(name);
  if (website) await dialog.getByLabel("Website").fill(website);
  await dialog.getByLabel("Industry").selectOption("Food & Drink");
  await dialog.getByLabel("Country").selectOption("FR");
  await dialog.getByRole("button", { name: "Save client" }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return page.url().split("/clients/")[1];
}

async function addProject(page: Page, name: string, url: string, siteType: string) {
  await page.getByRole("button", { name: "Add project" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Project name").fill(name);
  await dialog.getByLabel("Site URL").fill(url);
  await dialog.getByLabel("Site type").selectOption(siteType);
  await dialog.getByLabel("Currency").selectOption("EUR");
  await dialog.getByLabel("Time zone").selectOption("Europe/Paris");
  await dialog.getByRole("button", { name: "Save project" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("link", { name })).toBeVisible();
}

test("an admin sets up a client, shares it with a staff member, and the staff member sees exactly what they were given", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const staffContext = await browser.newContext();
  const a = await adminContext.newPage();
  const s = await staffContext.newPage();

  // The admin adds two clients (one never shared) and two projects to the first.
  await logIn(a, admin.email, admin.password);
  // The demo agency may already hold projects (the demo client's): count from what is there.
  const meter = a.getByRole("meter", { name: "Active projects used" });
  const activeBefore = Number(await meter.getAttribute("aria-valuenow"));
  await a.getByRole("button", { name: "Add client" }).click();
  await a.getByRole("dialog").getByRole("button", { name: "Save client" }).click();
  await expect(a.getByRole("dialog").getByText("This field is required")).toBeVisible();
  await a.keyboard.press("Escape");
  await expect(a.getByRole("dialog")).toHaveCount(0);
  await expect(a.getByRole("button", { name: "Add client" })).toBeFocused();

  await addClient(a, hiddenClient);
  const clientId = await addClient(a, client.name, client.website);
  await expect(a.getByText("No projects yet")).toBeVisible();
  await addProject(a, "Café Shop", "shop.lumiere-cafe.example", "ecommerce");
  await addProject(a, "Café Leads", "leads.lumiere-cafe.example", "lead_generation");
  await expect(a.getByRole("list", { name: `Projects of ${client.name}` }).getByRole("listitem")).toHaveCount(2);

  // The dashboard lists both clients with their projects and the plan's usage; search finds the client.
  await a.goto("/dashboard");
  await expect(meter).toHaveAttribute("aria-valuenow", String(activeBefore + 2));
  // The clients list (the overview above it links the same projects).
  await expect(clientsCard(a).getByRole("link", { name: "Café Shop" })).toBeVisible();
  await a.getByLabel("Search").fill("lumiere");
  await a.getByLabel("Search").press("Enter");
  await expect(a).toHaveURL(/\/dashboard\?q=lumiere/);
  await expect(a.getByRole("region", { name: "Clients found" }).getByRole("link", { name: client.name })).toBeVisible();
  await expect(
    a.getByRole("region", { name: "Projects found" }).getByRole("link", { name: "Café Leads" }),
  ).toBeVisible();

  // The admin invites a staff member, who accepts through the emailed link.
  await a.goto("/agency-staffs");
  await a.getByLabel("Emails to invite").fill(staff.email);
  await a.getByRole("button", { name: "Send invitations" }).click();
  await expect(a.getByText(staff.email).first()).toBeVisible();
  const mail = await waitForMail(staff.email, /invited/i);
  await s.goto(linkIn(mail, "/invitations/"));
  await s.getByLabel("First name").fill("Vera");
  await s.getByLabel("Last name").fill("Viewer");
  await s.getByLabel("Password", { exact: true }).fill(staff.password);
  await s.getByLabel("Confirm password").fill(staff.password);
  await s.getByRole("button", { name: "Create account" }).click();
  await expect(s).toHaveURL(/\/login/);

  // Sharing with an email outside the agency explains itself and links to the staff page.
  await a.goto(`/clients/${clientId}/staffs`);
  await a.getByLabel("Staff email").fill(`nobody-${stamp}@elsewhere.test`);
  await a.getByRole("button", { name: "Share client" }).click();
  await expect(a.getByText("The email does not exist in the agency")).toBeVisible();
  await expect(a.getByRole("link", { name: "Invite them on the staff page" })).toHaveAttribute(
    "href",
    "/agency-staffs",
  );

  // The admin shares the client at Viewer level.
  await a.getByLabel("Staff email").fill(staff.email);
  await a.getByLabel("Permission level").selectOption({ label: "Viewer" });
  await a.getByRole("button", { name: "Share client" }).click();
  const row = a.getByRole("listitem", { name: "Vera Viewer" });
  await expect(row.getByLabel(`Level of ${staff.email}`)).toHaveValue("1");

  // The staff member sees only that client, and cannot edit it.
  await logIn(s, staff.email, staff.password);
  await expect(clientsCard(s).getByRole("link", { name: client.name })).toBeVisible();
  await expect(s.getByText(hiddenClient)).toHaveCount(0);
  await expect(s.getByRole("button", { name: "Add client" })).toHaveCount(0);
  await clientsCard(s).getByRole("link", { name: client.name }).click();
  await expect(s.getByRole("heading", { level: 1, name: client.name })).toBeVisible();
  await expect(s.getByText("Your access: Viewer")).toBeVisible();
  await expect(s.getByRole("link", { name: "Café Shop" })).toBeVisible();
  await expect(s.getByRole("button", { name: "Edit client" })).toHaveCount(0);
  await expect(s.getByRole("button", { name: "Add project" })).toHaveCount(0);
  await expect(s.getByRole("button", { name: "Suspend client" })).toHaveCount(0);
  await expect(s.getByRole("button", { name: "Delete client" })).toHaveCount(0);
  // No form to send it from, and the server refuses the edit anyway.
  const put = await s.request.put(`/api/clients/${clientId}`, { data: { name: "Hijacked" } });
  expect(put.status()).toBe(403);
  await s.getByRole("link", { name: "Café Shop" }).click();
  await expect(s.getByRole("heading", { level: 1, name: "Café Shop" })).toBeVisible();
  await expect(
    s.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: client.name }),
  ).toBeVisible();
  await expect(s.getByRole("button", { name: "Edit project" })).toHaveCount(0);
  // The client's staff list is visible to a Viewer, but not the sharing controls.
  await s.goto(`/clients/${clientId}/staffs`);
  await expect(s.getByText(staff.email)).toBeVisible();
  await expect(s.getByRole("button", { name: "Share client" })).toHaveCount(0);
  await expect(s.getByRole("button", { name: "Remove access" })).toHaveCount(0);

  // The admin raises them to Data Creator; now they can edit the client.
  await a.reload();
  await a.getByRole("listitem", { name: "Vera Viewer" }).getByLabel(`Level of ${staff.email}`).selectOption("2");
  await expect(a.getByText("Vera Viewer is now Data Creator")).toBeVisible();
  await s.goto(`/clients/${clientId}`);
  await expect(s.getByText("Your access: Data Creator")).toBeVisible();
  await s.getByRole("button", { name: "Edit client" }).click();
  const edit = s.getByRole("dialog");
  await expect(edit.getByLabel("Client name")).toHaveValue(client.name);
  await edit.getByLabel("Website").fill("www.lumiere-cafe.example");
  await edit.getByRole("button", { name: "Save client" }).click();
  await expect(s.getByRole("dialog")).toHaveCount(0);
  await expect(s.getByRole("link", { name: "www.lumiere-cafe.example" })).toBeVisible();
  await expect(s.getByRole("button", { name: "Suspend client" })).toHaveCount(0);

  // The admin suspends the client; the staff member is told why they cannot open it.
  await a.goto(`/clients/${clientId}`);
  await a.getByRole("button", { name: "Suspend client" }).click();
  await a.getByRole("dialog").getByRole("button", { name: "Suspend", exact: true }).click();
  await expect(a.getByRole("button", { name: "Reactivate client" })).toBeVisible();
  await s.reload();
  await expect(s.getByText(SUSPENDED)).toBeVisible();
  await expect(s).toHaveURL(new RegExp(`/clients/${clientId}$`));

  await adminContext.close();
  await staffContext.close();
});
