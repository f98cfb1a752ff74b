import { NativeSelect } from "@chakra-ui/react";

type Props = NativeSelect.FieldProps & { options: readonly { value: string; label: string }[] };

/** A native select of value/label options; field props (placeholder, react-hook-form's register) go to the <select>. */
export function OptionSelect({ options, ...field }: Props) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...field}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
