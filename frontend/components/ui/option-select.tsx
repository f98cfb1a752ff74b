import { NativeSelect } from "@chakra-ui/react";

type Props = NativeSelect.FieldProps & { options: readonly { value: string; label: string }[]; size?: NativeSelect.RootProps["size"] };

/** A native select of value/label options; field props (placeholder, react-hook-form's register) go to the <select>. */
export function OptionSelect({ options, size, ...field }: Props) {
  return (
    <NativeSelect.Root size={size}>
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
