// The per-network checks an imported row must pass before it becomes a post (decision 152), read
// from the platforms registry (platforms/registry.ts): the length of the text as the network
// counts it and publishes it (content plus hashtags, composed the network's way) and whether the
// network needs an image. One place, so the import preview and the import agree, and a network
// added to the registry is accepted here without a change.
import { isPlatformId, PLATFORM_METAS, platformMeta, type PlatformId } from "../../platforms/registry";

/** A network id from a CSV cell: its id, name, brand or select label ("X", "twitter", "Twitter (X)"). */
export function resolveNetwork(cell: string): PlatformId | null {
  const v = cell.trim().toLowerCase();
  if (!v) return null;
  if (isPlatformId(v)) return v;
  const meta = PLATFORM_METAS.find((m) => [m.label, m.brand, m.selectLabel].some((n) => n.toLowerCase() === v));
  return meta?.id ?? null;
}

export const networkIds = (): string => PLATFORM_METAS.map((m) => m.id).join(", ");

export function networkRuleErrors(platform: PlatformId, content: string, hashtags: string[], hasImage: boolean): string[] {
  const { label, rules } = platformMeta(platform);
  const errors: string[] = [];
  const length = rules.countLength(rules.composeText(content, hashtags));
  if (length > rules.maxLength) errors.push(`Post is too long for ${label}: ${length} of ${rules.maxLength} characters with hashtags`);
  if (rules.images.required && !hasImage) errors.push(`${label} needs an image (add an image_url)`);
  return errors;
}
