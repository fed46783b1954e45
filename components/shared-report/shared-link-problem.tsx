import { Brand } from "@/components/layout/brand";

/** What a visitor sees when a share link no longer opens its report: why, and whom to ask. */
export function SharedLinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center px-4 py-3 sm:px-6">
          <Brand />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 py-16 text-center sm:px-6">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-3 text-slate-700">{message}</p>
      </main>
    </div>
  );
}
