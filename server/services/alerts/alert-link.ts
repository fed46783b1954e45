/** Where an alert leads: its finding in the report the check saved, the stopped source, else the project. */
export function alertPath(alert: { projectId: string; insightId: string | null; dataSourceId: string | null }): string {
  if (alert.insightId) return `/client-projects/${alert.projectId}/insights/${alert.insightId}`;
  if (alert.dataSourceId) return `/data-sources/${alert.dataSourceId}`;
  return `/client-projects/${alert.projectId}`;
}
