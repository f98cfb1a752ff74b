import { Field, HStack, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import type { RepeatValue } from "../../lib/api/planner";

// "Repeat" in Create Post's schedule mode (decision 150): every N days or weeks, ending after a count
// or on a date. Each occurrence becomes its own scheduled post when saved.
const DEFAULT_REPEAT: RepeatValue = { every: 1, unit: "week", end: "count", count: 4, until: "" };

export function RepeatFields({ value, onChange }: { value: RepeatValue | null; onChange: (v: RepeatValue | null) => void }) {
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
      <HStack as="label" gap="2" fontSize="sm" fontWeight="medium">
        <input type="checkbox" checked={!!value} onChange={(e) => onChange(e.target.checked ? { ...DEFAULT_REPEAT } : null)} />
        Repeat this post
      </HStack>
      {value && (
        <HStack gap="3" wrap="wrap" align="end">
          <Field.Root w="24">
            <Field.Label fontSize="xs">Every</Field.Label>
            <Input
              size="sm"
              type="number"
              min={1}
              max={52}
              value={value.every}
              onChange={(e) => onChange({ ...value, every: Number(e.target.value) })}
              aria-label="Repeat every"
            />
          </Field.Root>
          <Field.Root w="28">
            <Field.Label fontSize="xs">Unit</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={value.unit} onChange={(e) => onChange({ ...value, unit: e.target.value as "day" | "week" })} aria-label="Repeat unit">
                <option value="day">days</option>
                <option value="week">weeks</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root w="32">
            <Field.Label fontSize="xs">Ends</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={value.end} onChange={(e) => onChange({ ...value, end: e.target.value as "count" | "until" })} aria-label="Repeat ends">
                <option value="count">after</option>
                <option value="until">on date</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {value.end === "count" ? (
            <Field.Root w="28">
              <Field.Label fontSize="xs">Times</Field.Label>
              <Input
                size="sm"
                type="number"
                min={2}
                max={100}
                value={value.count}
                onChange={(e) => onChange({ ...value, count: Number(e.target.value) })}
                aria-label="Number of posts"
              />
            </Field.Root>
          ) : (
            <Field.Root w="40">
              <Field.Label fontSize="xs">Last date</Field.Label>
              <Input size="sm" type="date" value={value.until} onChange={(e) => onChange({ ...value, until: e.target.value })} aria-label="Last date" />
            </Field.Root>
          )}
        </HStack>
      )}
      {value && (
        <Text fontSize="xs" color="fg.muted">
          Every occurrence is created now as its own scheduled post, at the same local time.
        </Text>
      )}
    </Stack>
  );
}
