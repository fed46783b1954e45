import { expect, test, type Page } from "./support/test";

// The demo agency seeded by the start script (scripts/start.ts, server/db/seed-demo.ts).
const admin = { email: "demo@funnelwise.local", password: process.env.DEMO_PASSWORD || "Demo123!" };

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

test.describe.serial("visual customization", () => {
  test("an admin sets the agency's chart colour, sees it in the preview, saves and resets it", async ({ page }) => {
    await logIn(page);
    await page.goto("/customization-agency");
    const bars = page.getByTestId("preview-bar");
    await expect(page.getByRole("button", { name: "Save customization" })).toBeVisible();

    await page.getByLabel("Chart colour").fill("#e11d48");
    await expect(bars.first()).toHaveAttribute("fill", "#e11d48");
    await page.getByLabel("Report title").fill("Acme Monthly");
    await expect(page.getByTestId("preview-title")).toHaveText("Acme Monthly");

    // A logo over 1 MB is refused before upload, with the spec's limit in the message.
    const big = Buffer.alloc(1048577);
    big.write("\x89PNG\r\n\x1a\n", 0, "latin1");
    await page.getByLabel("Logo").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
    await expect(page.getByText("The logo must be an image of at most 1 MB (1048576 bytes)")).toBeVisible();

    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" onload="alert(1)"><script>alert(2)</script><rect width="40" height="40" fill="#e11d48"/></svg>`;
    await page
      .getByLabel("Logo")
      .setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) });
    await page.getByRole("button", { name: "Save customization" }).click();
    await expect(page.getByText(/Customization saved/)).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Chart colour")).toHaveValue("#e11d48");
    await expect(bars.first()).toHaveAttribute("fill", "#e11d48");
    const logo = page.getByRole("img", { name: "Logo" });
    await expect(logo).toBeVisible();
    const served = await page.request.get((await logo.getAttribute("src"))!);
    expect(served.headers()["content-type"]).toBe("image/svg+xml");
    expect(served.headers()["content-security-policy"]).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
    expect(await served.text()).not.toMatch(/script|onload/);

    await page.getByRole("button", { name: "Reset to inherited" }).click();
    await page.getByRole("button", { name: "Yes, reset" }).click();
    await expect(page.getByText("Customization reset to inherited")).toBeVisible();
    await expect(bars.first()).toHaveAttribute("fill", "#2563eb");
  });

  test("a missing chart colour is refused with the spec's message", async ({ page }) => {
    await logIn(page);
    await page.goto("/customization-agency");
    await page.getByLabel("Chart colour").fill("");
    await page.getByRole("button", { name: "Save customization" }).click();
    await expect(page.getByText("Chart color must be set")).toBeVisible();
  });

  test("the agency detail page shows the plan's usage and saves the agency settings", async ({ page }) => {
    await logIn(page);
    await page.goto("/agency-detail");
    await expect(page.getByText(/Active projects/)).toBeVisible();
    await page.getByLabel("Phone").fill("123");
    await page.getByRole("button", { name: "Save agency settings" }).click();
    await expect(page.getByText("Please enter a valid phone number of 10 to 16 digits")).toBeVisible();
    await page.getByLabel("Phone").fill("+1 555 123 4567");
    await page.getByRole("button", { name: "Save agency settings" }).click();
    await expect(page.getByText("Settings saved")).toBeVisible();
  });
});
