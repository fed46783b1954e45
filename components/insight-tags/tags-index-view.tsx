"use client";

import { Link } from "@/components/ui/link";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useTags } from "@/lib/hooks/use-insights";

/** /client-projects/{id}/insight-tags: the project's tags (custom reports), each with its number of insights. */
export function TagsIndexView({ projectId }: { projectId: string }) {
  const tags = useTags(projectId);
  return (
    <Card aria-labelledby="tags-heading">
      <CardTitle as="h1" id="tags-heading">
        Tags
      </CardTitle>
      <CardDescription>Tags collect insights into a custom report you can open, export or share.</CardDescription>
      <div className="mt-4">
        {tags.isPending ? (
          <LoadingState label="Loading tags…" />
        ) : tags.isError ? (
          <ErrorState
            title="We could not load the tags"
            message={toApiError(tags.error).message}
            onRetry={() => void tags.refetch()}
          />
        ) : tags.data.docs.length === 0 ? (
          <EmptyState title="No tags yet">
            Open a{" "}
            <Link href={`/client-projects/${projectId}`} className="text-brand-700 underline underline-offset-2">
              report
            </Link>
            , select insights and choose <strong>Add to tag</strong> to collect them under a name.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {tags.data.docs.map((tag) => (
              <li key={tag._id} className="flex min-w-0 items-center justify-between gap-3 py-3">
                <Link
                  href={`/client-projects/${projectId}/insight-tags/${tag._id}`}
                  title={tag.name}
                  className="min-w-0 truncate font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {tag.name}
                </Link>
                <span className="shrink-0 text-sm text-slate-600">
                  {tag.count} insight{tag.count === 1 ? "" : "s"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
