"use client";

import dynamic from "next/dynamic";
import { LoadingState } from "@/components/ui/page-state";

// The wizards (every connector's steps and the upload preview, ~35 kB gzipped) load when they are opened, not
// with the data sources and onboarding pages that show them (page-js bench: 250 kB budget a page).
const loading = () => <LoadingState label="Loading the wizard…" />;

export const AddSourceWizard = dynamic(() => import("./add-source-wizard").then((m) => m.AddSourceWizard), {
  loading,
});

export const UploadWizard = dynamic(() => import("./upload-wizard").then((m) => m.UploadWizard), { loading });
