import { Field, Input, Stack } from "@chakra-ui/react";
import type { ConnectField } from "../../../platforms/shared/meta";

// The inputs a network asks for before connecting (platforms/<id>/meta.ts connectFields):
// a handle and an app password, or a server. Data-driven, so a network declares its
// fields and needs no code here.

export type ConnectValues = Record<string, string>;

export function ConnectFields({
  fields,
  values,
  errors,
  disabled,
  onChange,
  onSubmit,
}: {
  fields: readonly ConnectField[];
  values: ConnectValues;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (values: ConnectValues) => void;
  onSubmit: () => void;
}) {
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack gap="3">
        {fields.map((f, i) => (
          <Field.Root key={f.name} invalid={!!errors[f.name]} required>
            <Field.Label>{f.label}</Field.Label>
            <Input
              name={f.name}
              type={f.type ?? "text"}
              placeholder={f.placeholder}
              autoComplete={f.autoComplete ?? "off"}
              autoCapitalize="none"
              spellCheck={false}
              autoFocus={i === 0}
              value={values[f.name] ?? ""}
              disabled={disabled}
              onChange={(e) => onChange({ ...values, [f.name]: e.target.value })}
            />
            {errors[f.name] ? <Field.ErrorText>{errors[f.name]}</Field.ErrorText> : f.help ? <Field.HelperText>{f.help}</Field.HelperText> : null}
          </Field.Root>
        ))}
        {/* Enter submits; the dialog's Connect button does the same. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Stack>
    </form>
  );
}

/** The first missing value's message per field, or none when all are filled. */
export function missingFields(fields: readonly ConnectField[], values: ConnectValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) if (!(values[f.name] ?? "").trim()) out[f.name] = f.requiredMessage;
  return out;
}
