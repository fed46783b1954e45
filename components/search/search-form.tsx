"use client";

import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** A search box that puts its text in the page's `?q=` (so results can be linked and go back). */
export function SearchForm({
  path,
  q,
  placeholder,
  hint,
}: {
  path: string;
  q: string;
  placeholder?: string;
  hint?: string;
}) {
  const router = useRouter();
  const id = useId();
  const [text, setText] = useState(q);
  const [lastQ, setLastQ] = useState(q);
  // Back/forward changes ?q=: the box follows it.
  if (q !== lastQ) {
    setLastQ(q);
    setText(q);
  }
  const go = (value: string) => {
    const trimmed = value.trim();
    router.push(trimmed ? `${path}?q=${encodeURIComponent(trimmed)}` : path);
  };
  return (
    <form
      role="search"
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        go(text);
      }}
    >
      <div className="flex-1 space-y-1.5">
        <Label htmlFor={id}>Search</Label>
        <Input
          id={id}
          type="search"
          value={text}
          placeholder={placeholder}
          maxLength={255}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {q ? (
          <Button
            variant="ghost"
            onClick={() => {
              setText("");
              go("");
            }}
          >
            Clear search
          </Button>
        ) : null}
      </div>
    </form>
  );
}
