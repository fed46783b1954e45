import { Link } from "@/components/ui/link";
import { cn } from "@/components/ui/cn";
import type { CustomizationLevel } from "@/lib/constants/customization";

const TABS: { level: CustomizationLevel; href: string; label: string }[] = [
  { level: "agency", href: "/customization-agency", label: "Agency" },
  { level: "client", href: "/customization-client", label: "Client" },
  { level: "project", href: "/customization-project", label: "Project" },
];

/** The three customization pages; a project inherits from its client, a client from its agency. */
export function LevelTabs({ current, showAgency }: { current: CustomizationLevel; showAgency: boolean }) {
  return (
    <nav aria-label="Customization level" className="flex gap-1 border-b border-slate-200">
      {TABS.filter((t) => showAgency || t.level !== "agency").map((tab) => (
        <Link
          key={tab.level}
          href={tab.href}
          aria-current={tab.level === current ? "page" : undefined}
          className={cn(
            "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
            tab.level === current
              ? "border-brand-600 text-brand-800"
              : "border-transparent text-slate-600 hover:text-slate-900",
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
