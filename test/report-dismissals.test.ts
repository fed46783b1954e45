import { beforeEach, describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/constants/messages";
import { DISMISSAL_MESSAGES, dismissedGroupsResponse } from "@/lib/validation/report-dismissals";
import * as dismissalsRoute from "@/app/api/reports/[id]/dismissed-groups/route";
import { call } from "@/test/api";
import { resetDatabase } from "@/test/db";
import { createAgency, createUser } from "@/test/factories";
import { deleteReport, insertReport } from "@/test/report-fixtures";
import { insertClient, insertProject, share } from "@/test/workspace";

const getDismissed = (reportId: string, token: string) =>
  call(dismissalsRoute.GET, { path: `/api/reports/${reportId}/dismissed-groups`, params: { id: reportId }, token });
const putDismissed = (reportId: string, token: string, body: unknown) =>
  call(dismissalsRoute.PUT, {
    method: "PUT",
    path: `/api/reports/${reportId}/dismissed-groups`,
    params: { id: reportId },
    token,
    body,
  });

async function world() {
  const main = await createAgency();
  const client = await insertClient(main.agency.id, { name: "Acme" });
  const project = await insertProject(client, { name: "Acme leads" });
  const viewer = await createUser({ agencyId: main.agency.id, role: "staff" });
  await share(client.id, viewer.user.id, 1);
  const report = await insertReport(project, { status: "ready" });
  return { main, project, viewer, report };
}

describe("dismissing Other Insights from a report", () => {
  beforeEach(resetDatabase);

  it("is the reader's own choice: kept across reads, restorable, idempotent, and nobody else's view changes", async () => {
    const { main, viewer, report } = await world();
    const none = await getDismissed(report.id, viewer.token);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ reportId: report.id, dismissedGroups: [] });

    // A Viewer may dismiss for themselves, as they may save.
    const dismissed = await putDismissed(report.id, viewer.token, { group: "other", dismissed: true });
    expect(dismissed.status).toBe(200);
    expect(dismissedGroupsResponse.parse(dismissed.body)).toEqual({ reportId: report.id, dismissedGroups: ["other"] });
    expect(
      (await putDismissed(report.id, viewer.token, { group: "other", dismissed: true })).body.dismissedGroups,
    ).toEqual(["other"]);
    expect((await getDismissed(report.id, viewer.token)).body.dismissedGroups).toEqual(["other"]);
    expect((await getDismissed(report.id, main.token)).body.dismissedGroups).toEqual([]);

    const restored = await putDismissed(report.id, viewer.token, { group: "other", dismissed: false });
    expect(restored.body.dismissedGroups).toEqual([]);
    expect((await getDismissed(report.id, viewer.token)).body.dismissedGroups).toEqual([]);
    expect((await putDismissed(report.id, viewer.token, { group: "other", dismissed: false })).status).toBe(200);
  });

  it("refuses the groups without dismissPopUp and a missing choice, with the field at fault", async () => {
    const { viewer, report } = await world();
    for (const group of ["most_impactful", "data_quality", "nope"]) {
      const res = await putDismissed(report.id, viewer.token, { group, dismissed: true });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ group: DISMISSAL_MESSAGES.notDismissible });
    }
    const missing = await putDismissed(report.id, viewer.token, { group: "other" });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ dismissed: MESSAGES.required });
    expect((await getDismissed(report.id, viewer.token)).body.dismissedGroups).toEqual([]);
  });

  it("answers 404 for another agency's report and for staff the client is not shared with; goes with the report", async () => {
    const { main, project, report } = await world();
    const other = await createAgency();
    expect((await getDismissed(report.id, other.token)).status).toBe(404);
    expect((await putDismissed(report.id, other.token, { group: "other", dismissed: true })).status).toBe(404);
    const unshared = await createUser({ agencyId: main.agency.id, role: "staff" });
    expect((await putDismissed(report.id, unshared.token, { group: "other", dismissed: true })).status).toBe(404);
    expect((await getDismissed("00000000-0000-4000-8000-000000000000", main.token)).status).toBe(404);

    await putDismissed(report.id, main.token, { group: "other", dismissed: true });
    const next = await insertReport(project, { status: "ready" });
    expect((await getDismissed(next.id, main.token)).body.dismissedGroups).toEqual([]);
    expect((await deleteReport(report.id, main.token)).status).toBe(200);
    expect((await getDismissed(report.id, main.token)).status).toBe(404);
  });
});
