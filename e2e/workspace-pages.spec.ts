import { linkIn, waitForMail } from "./support/mail";
import { expectAccessible, expectNoHorizontalOverflow } from "./support/axe";
import { expect, test, type Page } from "./support/test";

// A new agency from sign-up to a working dashboard, with fixed names and an upload of fixed dates
// so the screenshots compare against the committed baselines run after run (dates are masked).

const owner = { email: "harbor-owner@agency.test", password: "Harbor123!", agency: "Harbor Digital" };
const client = { name: "Harbor Coffee Roasters", website: "harbor-coffee.example" };
const project = {
  name: "Harbor Coffee webshop with a very long name that has to be truncated somewhere",
  url: "shop.harbor-coffee.example",
};
const SCREENSHOT = { maxDiffPixelRatio: 0.02, animations: "disabled" as const };

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** 56 days of a two-channel shop ending 2025-06-30: the second four weeks grow by a tenth. */
function shopCsv(): string {
  const lines = ["date,channel,sessions,transactions,revenue"];
  const start = Date.UTC(2025, 4, 6);
  for (let i = 0; i < 56; i++) {
    const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    const lift = i >= 28 ? 1.1 : 1;
    const weekly = [0.8, 1, 1.05, 1.1, 1.05, 1, 0.85][i % 7];
    const organic = Math.round(1200 * weekly * lift);
    const paid = Math.round(500 * weekly);
    lines.push(`${date},Organic Search,${organic},${Math.round(organic * 0.02)},${(organic * 0.02 * 48.5).toFixed(2)}`);
    lines.push(`${date},Paid Search,${paid},${Math.round(paid * 0.03)},${(paid * 0.03 * 52.25).toFixed(2)}`);
  }
  return `${lines.join("\n")}\n`;
}

test.describe.serial("workspace pages", () => {
  test("onboarding keeps what was typed across a reload, checks competitor domains, and finishes", async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto("/sign-up");
    await page.getByLabel("Agency name").fill(owner.agency);
    await page.getByLabel("First name").fill("Hannah");
    await page.getByLabel("Last name").fill("Harbor");
    await page.getByLabel("Email").fill(owner.email);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByLabel("Confirm password").fill(owner.password);
    await page.getByLabel("I accept the terms of service").check();
    await page.getByRole("button", { name: "Create agency" }).click();
    await expect(page.getByText(/check your email/i)).toBeVisible();
    await page.goto(
      linkIn(await waitForMail(owner.email, /Confirm your Funnelwise agency/), "/agencies/confirmation/"),
    );
    await expect(page.getByText(/your agency is confirmed/i)).toBeVisible();

    await logIn(page);
    await expect(page).toHaveURL(/\/onboarding\?step=1/);
    await expectAccessible(page, "onboarding step 1");

    // What is typed reaches the server a moment later, without pressing anything.
    await page.getByLabel("Client name").fill(client.name);
    await page.getByLabel("Website").fill(client.website);
    await page.getByLabel("Project name").fill(project.name);
    await page.getByLabel("Site URL").fill(project.url);
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith("/api/temp-onboarding") &&
        r.request().method() === "POST" &&
        r.ok() &&
        (r.request().postData() ?? "").includes('"siteType":"ecommerce"'),
    );
    await page.getByLabel("Site type").selectOption("ecommerce");
    await saved;

    await page.reload();
    await expect(page.getByLabel("Client name")).toHaveValue(client.name);
    await expect(page.getByLabel("Website")).toHaveValue(client.website);
    await expect(page.getByLabel("Project name")).toHaveValue(project.name);
    await expect(page.getByLabel("Site type")).toHaveValue("ecommerce");
    await expectAccessible(page, "onboarding step 1 after reload");

    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page).toHaveScreenshot("onboarding-1440.png", { ...SCREENSHOT, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page);
    await expect(page).toHaveScreenshot("onboarding-390.png", { ...SCREENSHOT, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });

    // Continue adds the client and its project, so steps 2 and 3 work on them.
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/step=2/);
    const main = page.getByRole("main");
    await expect(main.getByText(`${client.name}: ${project.name}`)).toBeVisible();
    // The data source wizard itself (its choice of Google sources, CSV and partner sources).
    await expect(main.getByRole("group", { name: "Where does the data come from?" })).toBeVisible();
    await expect(main.getByLabel("File upload (CSV)")).toBeVisible();
    await expectAccessible(page, "onboarding step 2");
    await main.getByRole("button", { name: "Skip for now" }).click();
    await expect(page).toHaveURL(/step=3/);
    // Competitors: the source's own validation, before anything is written.
    await main.getByLabel("Data source name").fill("Rivals");
    await main.getByLabel("Competitor 1").fill("not a domain");
    await main.getByRole("button", { name: "Connect" }).click();
    await expect(main.getByText("Domain must be a valid URL")).toBeVisible();
    await main.getByLabel("Competitor 1").fill("rival-roasters.example");
    await main.getByRole("button", { name: "Add another competitor" }).click();
    await main.getByLabel("Competitor 2").fill("rival-roasters.example");
    await main.getByRole("button", { name: "Connect" }).click();
    await expect(main.getByText("Duplicates are not allowed")).toBeVisible();
    await expectAccessible(page, "onboarding step 3");
    // A later visit (a reload here) resumes on the projects step 1 added, not a second copy of them.
    await page.reload();
    await expect(main.getByText(`${client.name}: ${project.name}`)).toBeVisible();
    await page.goto("/onboarding?step=1");
    await expect(main.getByText("These clients and projects are added:")).toBeVisible();
    await expect(main.getByText(`${client.name}: ${project.name}`)).toBeVisible();
    await main.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/step=2/);
    await main.getByRole("button", { name: "Skip for now" }).click();
    await expect(page).toHaveURL(/step=3/);
    await page.getByRole("button", { name: "Finish" }).click();
    await expect(page).toHaveURL(/\/dashboard/);
  });

  test("the dashboard shows each project's numbers against the previous period and what needs attention", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await logIn(page);
    await expect(page).toHaveURL(/\/dashboard/);
    const me = await (await page.request.get("/api/users")).json();
    const list = await (await page.request.get(`/api/agencies/${me.agency._id}/clients`)).json();
    const projectId: string = list.docs[0].projects[0]._id;

    // Before any data: the project says what to do next.
    await page.goto("/dashboard");
    await expect(page.getByRole("link", { name: "Add a data source" })).toBeVisible();

    const created = await page.request.post(`/api/properties/${projectId}/data-sources`, {
      data: { name: "Shop export" },
    });
    expect(created.status()).toBe(201);
    const sourceId = (await created.json())._id;
    const upload = await page.request.post(`/api/data-sources/${sourceId}/upload`, {
      multipart: { file: { name: "shop.csv", mimeType: "text/csv", buffer: Buffer.from(shopCsv()) } },
    });
    expect(upload.ok()).toBe(true);

    await page.goto("/dashboard");
    const row = page.getByRole("listitem", { name: project.name });
    // The worker rebuilds the daily totals after the upload; the dashboard asks again until they are in.
    await expect(row.getByTestId("kpi-value").first()).toBeVisible({ timeout: 30_000 });
    // Revenue first (the ecommerce default), in the project's currency, with its change.
    await expect(row.getByText("Revenue", { exact: true })).toBeVisible();
    await expect(row.getByTestId("kpi-value").first()).toHaveText(/^\$[\d,]+\.\d\d$/);
    await expect(row.getByText(/▲/).first()).toBeVisible();
    await expect(row.getByRole("link", { name: "Generate the first report" })).toBeVisible();
    // The export ended long ago: the source is flagged with what to do.
    await expect(row.getByRole("list", { name: "Data sources that need attention" })).toContainText(
      "Upload a newer export",
    );
    // A long name is cut to one line with the whole name as its tooltip.
    await expect(row.getByRole("link", { name: project.name })).toHaveAttribute("title", project.name);
    await expect(page.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page, "dashboard");

    // The skip link is the first stop of the keyboard and lands in the main content.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    // The pictures show the page at rest, not the revealed skip link.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    const masks = { mask: [page.locator("time")] };
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.locator("[data-testid=kpi-sparkline] svg").first()).toBeVisible();
    await expect(page).toHaveScreenshot("dashboard-1440.png", { ...SCREENSHOT, ...masks, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page);
    await expect(page).toHaveScreenshot("dashboard-390.png", { ...SCREENSHOT, ...masks, fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalOverflow(page);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  test("project and client settings are edited in forms, and /client-projects reopens the last project", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await logIn(page);
    await page.getByRole("link", { name: project.name }).first().click();
    await expect(page).toHaveURL(/\/client-projects\/[0-9a-f-]{36}$/);
    const projectUrl = page.url();
    const projectNav = page.getByRole("navigation", { name: "Project" });
    await expect(projectNav.getByRole("link", { name: "Reports" })).toHaveAttribute("aria-current", "page");

    await projectNav.getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Settings of/ })).toBeVisible();
    await expect(projectNav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page, "project settings");
    await page.getByLabel("Primary KPI", { exact: true }).selectOption("transactions");
    await page.getByLabel("Goals").fill("Grow online orders by a fifth this year.");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Primary KPI", { exact: true })).toHaveValue("transactions");

    await projectNav.getByRole("link", { name: "Tags" }).click();
    await expect(page.getByText("No tags yet")).toBeVisible();
    await expectAccessible(page, "project tags");

    // The primary KPI now leads the project's numbers on the dashboard.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    const row = page.getByRole("listitem", { name: project.name });
    await expect(row.getByText(/^(Transactions|Revenue)$/).first()).toHaveText("Transactions");

    // /client-projects without an id opens the project last worked on.
    await page.goto("/client-projects");
    await expect(page).toHaveURL(projectUrl);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Clients" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Clients" })).toBeVisible();
    await expectAccessible(page, "clients");
    await page.getByRole("link", { name: client.name }).first().click();
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}\/settings$/);
    await expectAccessible(page, "client settings");
    const recipients = page.getByLabel("Report recipients");
    await recipients.fill("owner@harbor-coffee.example, not-an-email");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Please enter valid emails")).toBeVisible();
    await recipients.fill("owner@harbor-coffee.example; Marketing@Harbor-Coffee.example");
    await page.getByLabel("Currency").selectOption("EUR");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
    await page.reload();
    await expect(recipients).toHaveValue("owner@harbor-coffee.example, marketing@harbor-coffee.example");
    await expect(page.getByLabel("Currency")).toHaveValue("EUR");

    // The recipients are the default of a new email schedule of the client's projects.
    await page.goto(`/email-schedule/${projectUrl.split("/").pop()}/insight`);
    await expect(page.getByLabel("Recipients")).toHaveValue(
      "owner@harbor-coffee.example, marketing@harbor-coffee.example",
    );
    await expectAccessible(page, "new email schedule");
  });

  test("the landing page says what the product does, with a real screenshot", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const shot = page.getByRole("img", { name: /Funnelwise dashboard/ });
    await expect(shot).toBeVisible();
    expect(await shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page, "landing page");
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalOverflow(page);
  });
});
