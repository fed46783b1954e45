"use client";

import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { SelectField } from "@/components/ui/form-field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/page-state";
import { pickerClients } from "@/lib/api-client/customization";
import { queryKeys } from "@/lib/api-client/query-keys";
import { toApiError } from "@/lib/hooks/use-api-error-handler";

/**
 * The customization routes carry no id: without ?clientId= / ?projectId= the user picks the client
 * or project here (from GET /agencies/{id}/clients, which lists clients with their projects).
 */
export function TargetPicker({ agencyId, kind }: { agencyId: string; kind: "client" | "project" }) {
  const router = useRouter();
  const query = useQuery({
    queryKey: queryKeys.agencyClientsPicker(agencyId),
    queryFn: () => pickerClients(agencyId),
  });
  const base = kind === "client" ? "/customization-client?clientId=" : "/customization-project?projectId=";

  let body;
  if (query.isPending) body = <LoadingState label="Loading clients…" />;
  else if (query.isError)
    body = <ErrorState message={toApiError(query.error).message} onRetry={() => void query.refetch()} />;
  else {
    const clients = query.data.docs;
    const hasProjects = clients.some((c) => c.projects.length > 0);
    if (clients.length === 0 || (kind === "project" && !hasProjects)) {
      body = (
        <EmptyState title={kind === "client" ? "No clients yet" : "No projects yet"}>
          Add {kind === "client" ? "a client" : "a project to a client"} from the{" "}
          <Link href="/dashboard" className="text-brand-700 underline">
            dashboard
          </Link>{" "}
          first.
        </EmptyState>
      );
    } else {
      body = (
        <SelectField
          label={kind === "client" ? "Client" : "Project"}
          defaultValue=""
          onChange={(e) => {
            if (e.target.value) router.push(`${base}${encodeURIComponent(e.target.value)}`);
          }}
        >
          <option value="" disabled>
            {kind === "client" ? "Choose a client…" : "Choose a project…"}
          </option>
          {kind === "client"
            ? clients.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                  {c.status === "suspended" ? " (suspended)" : ""}
                </option>
              ))
            : clients
                .filter((c) => c.projects.length > 0)
                .map((c) => (
                  <optgroup key={c._id} label={c.name}>
                    {c.projects.map((p) => (
                      <option key={p._id} value={p._id}>
                        {p.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
        </SelectField>
      );
    }
  }

  return (
    <Card className="max-w-xl">
      <CardTitle as="h2">{kind === "client" ? "Choose a client" : "Choose a project"}</CardTitle>
      <CardDescription>
        {kind === "client"
          ? "Each client inherits the agency's look until you give it its own."
          : "Each project inherits its client's look until you give it its own."}
      </CardDescription>
      <div className="mt-4">{body}</div>
    </Card>
  );
}
