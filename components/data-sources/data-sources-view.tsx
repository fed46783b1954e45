"use client";

import { Link } from "@/components/ui/link";
import { useState } from "react";
import { ProjectPageHeader } from "@/components/projects/project-page-header";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { ProjectScope } from "@/components/insights/project-scope";
import type { ProjectDetail } from "@/lib/api-client/types";
import { formatDate } from "@/lib/format";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useDataSources } from "@/lib/hooks/use-data-sources";
import { sourceKindLabel } from "@/lib/constants/google-sources";
import type { SiteType } from "@/lib/constants/site-types";
import type { PremiumOffer } from "./add-source-wizard";
import { AddSourceWizard } from "./lazy-wizards";
import { isImportedPartnerKind } from "@/lib/constants/partner-sources";
import { SourceStatusBadge } from "./source-status-badge";
import { SyncProgress } from "./sync-progress";
import { TokenAlerts } from "./token-alerts";
import { UploadSummaryList, storedUpload } from "./upload-summary";

/**
 * /client-projects/{id}/data-sources: the project's sources with their last upload, and a new one through the
 * wizard.
 */
export function DataSourcesView({
  projectId,
  premium,
  unavailable,
}: {
  projectId: string;
  premium?: PremiumOffer;
  /** The wizard's choices this server cannot connect, with what to tell the user. */
  unavailable?: Record<string, string>;
}) {
  return (
    <ProjectScope projectId={projectId} loadingLabel="Loading data sources…">
      {({ project, agency, can }) => (
        <DataSources
          project={project}
          agency={agency}
          canManage={can("datasource:manage")}
          canGenerate={can("report:manage")}
          premium={premium}
          unavailable={unavailable}
        />
      )}
    </ProjectScope>
  );
}

function DataSources({
  project,
  agency,
  canManage,
  canGenerate,
  premium,
  unavailable,
}: {
  project: ProjectDetail;
  agency: { _id: string; name: string };
  canManage: boolean;
  canGenerate: boolean;
  premium?: PremiumOffer;
  unavailable?: Record<string, string>;
}) {
  const sources = useDataSources(project._id);
  const [adding, setAdding] = useState(false);
  // A new wizard each time "Add data source" is chosen.
  const [wizardKey, setWizardKey] = useState(0);

  return (
    <div className="space-y-6">
      <ProjectPageHeader
        project={project}
        agency={agency}
        eyebrow={project.name}
        title="Data sources"
        description="Reports read every active source of the project."
        actions={
          canManage && !adding ? (
            <Button
              onClick={() => {
                setWizardKey((k) => k + 1);
                setAdding(true);
              }}
            >
              Add data source
            </Button>
          ) : null
        }
      />

      {adding ? (
        <Card aria-labelledby="add-source-heading">
          <div className="flex items-start justify-between gap-3">
            <CardTitle id="add-source-heading">Add a data source</CardTitle>
            <Button size="sm" variant="ghost" onClick={() => setAdding(false)}>
              Close
            </Button>
          </div>
          <div className="mt-4">
            <AddSourceWizard
              key={wizardKey}
              projectId={project._id}
              projectSiteType={(project.siteType ?? "") as SiteType | ""}
              timeZone={project.timeZone}
              canGenerate={canGenerate}
              premium={premium}
              unavailable={unavailable}
              onFinished={() => setAdding(false)}
            />
          </div>
        </Card>
      ) : null}

      <TokenAlerts projectId={project._id} />

      <section aria-labelledby="sources-heading">
        <h2 id="sources-heading" className="sr-only">
          Sources of {project.name}
        </h2>
        {sources.isPending ? (
          <LoadingState label="Loading data sources…" />
        ) : sources.isError ? (
          <ErrorState message={toApiError(sources.error).message} onRetry={() => void sources.refetch()} />
        ) : sources.data.docs.length === 0 ? (
          <EmptyState title="No data sources yet">
            {canManage
              ? "Add one: connect Google Analytics, Search Console or Google Ads, or upload a CSV export."
              : "A Data Creator or admin can add one."}
          </EmptyState>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2" aria-label={`Data sources of ${project.name}`}>
            {sources.data.docs.map((source) => {
              const upload = storedUpload(source.additional);
              return (
                <li key={source._id}>
                  <Card className="h-full">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <div className="min-w-0">
                        <h3 className="text-base font-semibold text-slate-900">
                          <Link href={`/data-sources/${source._id}`} className="hover:underline">
                            {source.name}
                          </Link>
                        </h3>
                        <p className="text-xs text-slate-600">
                          {sourceKindLabel(source)} · added {formatDate(source.createdAt)}
                        </p>
                      </div>
                      <SourceStatusBadge source={source} />
                    </div>
                    <div className="mt-3">
                      {source.kind === "google" || isImportedPartnerKind(source.kind) ? (
                        <SyncProgress dataSourceId={source._id} />
                      ) : upload ? (
                        <>
                          <p className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Last upload</p>
                          <UploadSummaryList summary={upload} compact />
                        </>
                      ) : (
                        <p className="text-sm text-slate-600">No file uploaded yet. Open the source to upload one.</p>
                      )}
                    </div>
                    {/* The accessible name starts with the visible words (axe: label-content-name-mismatch). */}
                    <Link
                      href={`/data-sources/${source._id}`}
                      className="mt-3 inline-block text-sm font-medium text-brand-700 underline underline-offset-2"
                      aria-label={`${openLabel(canManage, source)} ${source.name}`}
                    >
                      {openLabel(canManage, source)}
                    </Link>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <p className="text-sm">
        <Link href={`/client-projects/${project._id}`} className="text-brand-700 underline underline-offset-2">
          Back to the insight report of {project.name}
        </Link>
      </p>
    </div>
  );
}

const openLabel = (canManage: boolean, source: { sourceName: string }) =>
  canManage && source.sourceName === "upload" ? "Open and upload" : "Open";
