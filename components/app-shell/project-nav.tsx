"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";
import { useProject } from "@/lib/hooks/use-clients";
import { localState } from "@/lib/local-state";
import { NavLink, currentFor } from "./nav-link";

/**
 * The project's own navigation, on every page under /client-projects/{id}. Showing it also records
 * the project as the one last worked on, which /client-projects (no id) opens.
 */
export function ProjectNav({ projectId }: { projectId: string }) {
  const pathname = usePathname();
  const project = useProject(projectId);
  const name = project.data?.name;
  const clientId = project.data?.client?._id;
  const clientName = project.data?.client?.name;

  useEffect(() => {
    if (!name) return;
    localState.setProject({ id: projectId, name });
    if (clientId && clientName) localState.setClient({ id: clientId, name: clientName });
  }, [projectId, name, clientId, clientName]);

  // A project that cannot be shown (gone, another agency's, suspended) gets its page's own message only.
  if (project.isError) return null;
  const base = `/client-projects/${projectId}`;
  const links = [
    { href: base, label: "Reports", sections: [`${base}/insights`] },
    { href: `${base}/insight-tags`, label: "Tags", sections: [`${base}/insight-tags`] },
    { href: `${base}/saved`, label: "Saved", sections: [] },
    { href: `${base}/data-sources`, label: "Data sources", sections: [] },
    { href: `${base}/settings`, label: "Settings", sections: [] },
  ];
  return (
    <nav aria-label="Project" className="mb-6 border-b border-slate-200 pb-2">
      {name ? (
        <p className="mb-1 truncate text-xs font-medium uppercase tracking-wide text-slate-600" title={name}>
          {name}
        </p>
      ) : null}
      <ul className="flex flex-wrap gap-1">
        {links.map((link) => (
          <li key={link.href}>
            <NavLink href={link.href} current={currentFor(pathname, link.href, link.sections)}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
