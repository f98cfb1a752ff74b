import { Field, Input, Stack } from "@chakra-ui/react";
import type { ChangeEvent, FormEvent, InputHTMLAttributes, ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useHydrated } from "../../lib/use-hydrated";

type Props = {
  label: string;
  type?: "email" | "password" | "text";
  error?: string;
  /** react-hook-form's register(...), or value/onChange for a plain controlled input. */
  registration?: UseFormRegisterReturn;
  value?: string;
  onChange?: (value: string) => void;
  autoComplete?: InputHTMLAttributes<HTMLInputElement>["autoComplete"];
  placeholder?: string;
};

/** A labelled input with the field's validation message under it. */
export function TextField({ label, type = "text", error, registration, value, onChange, autoComplete, placeholder }: Props) {
  const control = registration ?? { value, onChange: (e: ChangeEvent<HTMLInputElement>) => onChange?.(e.target.value) };
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input type={type} autoComplete={autoComplete} placeholder={placeholder} {...control} />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A form laid out as a stack; browser validation is off so the spec's messages show instead. */
export function FormStack({ onSubmit, children }: { onSubmit: (e: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <form onSubmit={onSubmit} method="post" noValidate>
      {/* Disabled until hydrated (lib/use-hydrated.ts); the fieldset itself adds no box. */}
      <fieldset disabled={!hydrated} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="4">{children}</Stack>
      </fieldset>
    </form>
  );
}

/** The account's email address, as every auth screen asks for it. */
export function EmailField(props: Pick<Props, "error" | "registration" | "value" | "onChange">) {
  return <TextField label="Email" type="email" autoComplete="email" placeholder="you@example.com" {...props} />;
}

/** A new password and its confirmation (sign-up, reset, change). */
export function NewPasswordFields({
  label,
  confirmLabel,
  password,
  confirm,
}: {
  label: string;
  confirmLabel: string;
  password: { registration: UseFormRegisterReturn; error?: string };
  confirm: { registration: UseFormRegisterReturn; error?: string };
}) {
  return (
    <>
      <TextField label={label} type="password" autoComplete="new-password" {...password} />
      <TextField label={confirmLabel} type="password" autoComplete="new-password" {...confirm} />
    </>
  );
}
