"use client";

import { useId } from "react";
import { useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-error";
import { FormField } from "@/components/ui/form-field";
import type { InsightTag } from "@/lib/api-client/types";
import { toApiError } from "@/lib/hooks/use-api-error-handler";
import { useServerForm } from "@/lib/hooks/use-server-form";
import { useAddToTag } from "@/lib/hooks/use-insights";
import { tagFormSchema } from "@/lib/validation/insight-forms";

interface TagDialogProps {
  open: boolean;
  onClose: () => void;
  projectId: string;
  insightIds: string[];
  tags: InsightTag[];
  onTagged: (tag: InsightTag, name: string) => void;
}

/** Adds the selected insights to a tag: an existing one (pick or type its name) or a new one. */
export function TagDialog({ open, onClose, projectId, insightIds, tags, onTagged }: TagDialogProps) {
  const count = insightIds.length;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add to tag"
      description={`Tag ${count} selected ${count === 1 ? "insight" : "insights"}: a tag gathers insights into a custom report.`}
    >
      <TagForm projectId={projectId} insightIds={insightIds} tags={tags} onCancel={onClose} onTagged={onTagged} />
    </Dialog>
  );
}

function TagForm({
  projectId,
  insightIds,
  tags,
  onCancel,
  onTagged,
}: Omit<TagDialogProps, "open" | "onClose"> & { onCancel: () => void }) {
  const listId = useId();
  const add = useAddToTag(projectId);
  const {
    register,
    handleSubmit,
    setError,
    applyServerErrors,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useServerForm(tagFormSchema, { serverFields: ["name"], defaultValues: { name: "" } });
  const typed = (useWatch({ control, name: "name" }) ?? "").trim().toLowerCase();
  const existing = tags.find((t) => t.name.toLowerCase() === typed);

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      const tag = await add.mutateAsync({ name, insightIds });
      onTagged(tag, name);
    } catch (raw) {
      const error = toApiError(raw);
      const unmatched = applyServerErrors(error);
      if (!error.errors || Object.keys(unmatched).length) setError("root", { message: error.message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormError message={errors.root?.message} />
      <FormField
        label="Tag name"
        required
        autoFocus
        autoComplete="off"
        list={tags.length ? listId : undefined}
        hint={
          existing
            ? `Adds to the existing tag “${existing.name}”.`
            : tags.length
              ? "Type a new name, or the name of an existing tag."
              : "Name the new tag."
        }
        error={errors.name?.message}
        {...register("name")}
      />
      {tags.length ? (
        <>
          <datalist id={listId}>
            {tags.map((t) => (
              <option key={t._id} value={t.name} />
            ))}
          </datalist>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800">Existing tags</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {tags.map((t) => (
                <button
                  key={t._id}
                  type="button"
                  aria-pressed={existing?._id === t._id}
                  onClick={() => setValue("name", t.name, { shouldValidate: true })}
                  className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:bg-slate-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-800"
                >
                  {t.name}
                </button>
              ))}
            </div>
          </fieldset>
        </>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Add to tag
        </Button>
      </div>
    </form>
  );
}
