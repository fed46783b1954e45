"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import type { DataSource } from "@/lib/api-client/types";
import { CONNECTOR_MESSAGES } from "@/lib/constants/connector-messages";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useUpdateGa4Choices } from "@/lib/hooks/use-data-sources";
import { useGoogleList } from "@/lib/hooks/use-google";
import { GoogleSelect } from "./google-select";
import { OptionChecklist } from "./google-source-fields";

const asList = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

/**
 * A GA4 source's choices that change its numbers: the key events counted as conversions and the
 * audience whose visits are imported. Lists come live from Google through the source's own
 * sign-in; saving a change imports the history again (the sync panel shows its progress).
 */
export function Ga4ChoicesCard({ source, projectId }: { source: DataSource; projectId: string }) {
  const property = String(source.additional.analyticProperty ?? "");
  const [events, setEvents] = useState(() => asList(source.additional.conversionEvents));
  const [audience, setAudience] = useState(() => String(source.additional.audience ?? ""));
  const [saved, setSaved] = useState(false);
  const query = { propertyId: property, dataSourceId: source._id };
  const eventList = useGoogleList("analytics-4/conversion-events", query, Boolean(property));
  const audiences = useGoogleList("analytics-4/audiences", query, Boolean(property));
  const save = useUpdateGa4Choices(source._id, projectId);
  const changed =
    JSON.stringify([...events].sort()) !== JSON.stringify(asList(source.additional.conversionEvents).sort()) ||
    audience !== String(source.additional.audience ?? "");

  return (
    <Card aria-labelledby="ga4-choices-heading">
      <CardTitle id="ga4-choices-heading">What this source imports</CardTitle>
      <p className="mt-1 text-sm text-slate-600">
        Conversions are the key events chosen here; with an audience, only its users&apos; visits are imported. Changing
        either imports the whole history again.
      </p>
      <form
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          setSaved(false);
          save.mutate({ conversionEvents: events, audience }, { onSuccess: () => setSaved(true) });
        }}
      >
        {eventList.isError ? (
          <p className="text-sm text-red-700">{toApiError(eventList.error).message}</p>
        ) : eventList.data ? (
          eventList.data.docs.length > 0 ? (
            <OptionChecklist
              legend="Key events counted as conversions"
              hint="Leave empty to count every key event."
              options={eventList.data.docs}
              chosen={events}
              onToggle={(id) => setEvents(events.includes(id) ? events.filter((e) => e !== id) : [...events, id])}
            />
          ) : (
            <p className="text-sm text-slate-600">This property has no key events: conversions stay at zero.</p>
          )
        ) : (
          <p className="text-sm text-slate-600" aria-busy="true">
            Loading the key events from Google…
          </p>
        )}
        <GoogleSelect
          label="Audience (optional)"
          query={audiences}
          placeholder="All users"
          value={audience}
          onChange={setAudience}
        />
        {save.isError ? <p className="text-sm text-red-700">{toApiError(save.error).message}</p> : null}
        {saved && !changed ? (
          <p className="text-sm text-emerald-700" role="status">
            {CONNECTOR_MESSAGES.reimporting}
          </p>
        ) : null}
        <Button type="submit" disabled={!changed || save.isPending}>
          {save.isPending ? "Saving…" : "Save and import again"}
        </Button>
      </form>
    </Card>
  );
}
