import { Field, Input, Stack } from "@chakra-ui/react";
import type { ChangeEvent, FormEvent, InputHTMLAttributes, ReactNode, Ref } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useHydrated } from "../../lib/use-hydrated";

type Props = {
  label: string;
  type?: "email" | "password" | "text";
  error?: string;
  /** react-hook-form's register(...), value/onChange for a plain controlled input, or name/defaultValue/onChange for an uncontrolled one. */
  registration?: UseFormRegisterReturn;
  value?: string;
  onChange?: (value: string) => void;
  name?: string;
  defaultValue?: string;
  autoComplete?: InputHTMLAttributes<HTMLInputElement>["autoComplete"];
  placeholder?: string;
};

/** A labelled input with the field's validation message under it. */
export function TextField({ label, type = "text", error, registration, value, onChange, name, defaultValue, autoComplete, placeholder }: Props) {
  const control = registration ?? { name, value, defaultValue, onChange: (e: ChangeEvent<HTMLInputElement>) => onChange?.(e.target.value) };
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input type={type} autoComplete={autoComplete} placeholder={placeholder} {...control} />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * A form laid out as a stack; browser validation is off so the spec's messages show instead.
 * With an `action`, the pre-rendered form works before the app has started: it posts there
 * natively (decision 326), and once hydrated `onSubmit` takes over. Without one it is disabled
 * until hydrated (lib/use-hydrated.ts).
 */
export function FormStack({
  onSubmit,
  action,
  formRef,
  children,
}: {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  action?: string;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form ref={formRef} onSubmit={onSubmit} action={action} method="post" noValidate>
      {/* The fieldset itself adds no box. */}
      <fieldset disabled={!action && !hydrated} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="4">{children}</Stack>
      </fieldset>
    </form>
  );
}

/** The account's email address, as every auth screen asks for it. */
export function EmailField(props: Pick<Props, "error" | "registration" | "value" | "onChange" | "name" | "defaultValue">) {
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
