import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { MESSAGES } from "@/lib/constants/messages";

/** The "Password" and "Confirm password" pair of every form that sets a new password. */
export function NewPasswordFields({
  password,
  confirmPassword,
  errors,
}: {
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: string; confirmPassword?: string };
}) {
  return (
    <>
      <FormField
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        hint={MESSAGES.passwordRules}
        error={errors.password}
        {...password}
      />
      <FormField
        label="Confirm password"
        type="password"
        required
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...confirmPassword}
      />
    </>
  );
}
