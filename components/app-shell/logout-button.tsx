"use client";

import { useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { useLogout } from "@/lib/hooks/use-logout";

export function LogoutButton(props: Omit<ButtonProps, "onClick" | "loading" | "children">) {
  const logout = useLogout();
  const [pending, setPending] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      {...props}
      loading={pending}
      onClick={async () => {
        setPending(true);
        await logout();
      }}
    >
      Log out
    </Button>
  );
}
