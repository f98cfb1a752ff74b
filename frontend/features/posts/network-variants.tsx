// Create Post's "write once, pick networks, adjust per network" (decisions 185, 260): the person
// writes one message, ticks the networks it goes to, and gets a tab per network with that
// network's rules and preview. The first network's text is the message; another network's tab
// follows it until the person edits there (then it is "adjusted" and kept apart). Each network
// becomes its own post, all sharing one message_id.
import { Badge, Button, Checkbox, CheckboxGroup, Fieldset, HStack, Tabs, Text } from "@chakra-ui/react";
import { networkName, type PlatformId } from "../../../platforms/registry";
import { PlatformIcon } from "../../components/posts/platform-icon";

export type VariantText = { content: string; hashtags: string };

/** The text of each network's variant: the active tab's live values, an adjusted one's own, or the message's. */
export function variantTexts(
  networks: readonly PlatformId[],
  active: PlatformId,
  live: VariantText,
  shared: VariantText,
  adjusted: Partial<Record<PlatformId, VariantText>>,
): Record<string, VariantText> {
  const message = active === networks[0] ? live : shared;
  return Object.fromEntries(networks.map((p) => [p, p === active ? live : (adjusted[p] ?? message)]));
}

export function NetworkPicker({
  options,
  value,
  onChange,
}: {
  options: readonly { value: PlatformId; label: string }[];
  value: PlatformId[];
  onChange: (networks: PlatformId[]) => void;
}) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium" fontSize="sm">
        Networks
      </Fieldset.Legend>
      <CheckboxGroup value={value} onValueChange={(v) => v.length > 0 && onChange(options.map((o) => o.value).filter((id) => v.includes(id)))} name="networks">
        <HStack gap="4" wrap="wrap">
          {options.map((o) => (
            <Checkbox.Root key={o.value} value={o.value} colorPalette="brand">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                <HStack gap="1.5">
                  <PlatformIcon platform={o.value} decorative />
                  <span>{o.label}</span>
                </HStack>
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </HStack>
      </CheckboxGroup>
    </Fieldset.Root>
  );
}

/** A tab per selected network (shown from two networks on); a mark where a variant breaks its network's rules. */
export function NetworkTabs({
  networks,
  active,
  adjusted,
  broken,
  onSelect,
  onReset,
}: {
  networks: PlatformId[];
  active: PlatformId;
  adjusted: ReadonlySet<PlatformId>;
  broken: ReadonlySet<PlatformId>;
  onSelect: (p: PlatformId) => void;
  onReset: () => void;
}) {
  if (networks.length < 2) return null;
  const first = networks[0]!;
  return (
    <Tabs.Root value={active} onValueChange={(e) => onSelect(e.value as PlatformId)} variant="line" colorPalette="brand" size="sm">
      <Tabs.List aria-label="Adjust per network" overflowX="auto">
        {networks.map((p) => (
          <Tabs.Trigger key={p} value={p}>
            <PlatformIcon platform={p} decorative />
            {networkName(p)}
            {adjusted.has(p) && (
              <Badge size="xs" variant="subtle">
                adjusted
              </Badge>
            )}
            {broken.has(p) && (
              <Badge size="xs" colorPalette="red" variant="solid" aria-label="breaks this network's rules">
                !
              </Badge>
            )}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <HStack justify="space-between" wrap="wrap" gap="2" pt="2">
        <Text fontSize="xs" color="fg.muted">
          {active === first
            ? `One post per network. The other networks use this text until you adjust them.`
            : adjusted.has(active)
              ? `Adjusted for ${networkName(active)}: only this network's post uses this text.`
              : `Same text as ${networkName(first)}; edit here to adjust it for ${networkName(active)} only.`}
        </Text>
        {active !== first && adjusted.has(active) && (
          <Button size="xs" variant="ghost" onClick={onReset}>
            Use the {networkName(first)} text
          </Button>
        )}
      </HStack>
    </Tabs.Root>
  );
}
