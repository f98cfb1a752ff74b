import { Field, HStack, Input } from "@chakra-ui/react";

type Props = { date: string; time: string; onDate: (date: string) => void; onTime: (time: string) => void; error?: string | null };

/** Date and time inputs side by side (stacked when narrow); `error` marks the date invalid. */
export function DateTimeFields({ date, time, onDate, onTime, error }: Props) {
  return (
    <HStack gap="3" align="start" wrap="wrap">
      <Field.Root invalid={!!error} flex="1" minW="140px">
        <Field.Label>Date</Field.Label>
        <Input type="date" value={date} onChange={(e) => onDate(e.target.value)} />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <Field.Root flex="1" minW="120px">
        <Field.Label>Time</Field.Label>
        <Input type="time" value={time} onChange={(e) => onTime(e.target.value)} />
      </Field.Root>
    </HStack>
  );
}
