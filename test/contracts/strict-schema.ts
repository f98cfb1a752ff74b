// Test-only: OpenAI's rules for a structured-output schema sent with `strict: true` (decision 258).
// Apart from ai-services.ts (which reads the contract files) so tests inside workerd can use it.
/**
 * Problems with a JSON Schema sent as OpenAI structured output with `strict: true` (OpenAI's
 * structured-outputs guide): the root is an object, and every object lists all its properties as
 * required and sets additionalProperties to false. The API answers 400 otherwise.
 */
export function strictSchemaProblems(schema: unknown, where = "(root)"): string[] {
  if (!schema || typeof schema !== "object") return [];
  const node = schema as { type?: unknown; properties?: Record<string, unknown>; required?: unknown; additionalProperties?: unknown; items?: unknown; anyOf?: unknown[] };
  const problems: string[] = [];
  if (where === "(root)" && node.type !== "object") problems.push(`${where}: the schema must be an object`);
  if (node.type === "object" || node.properties) {
    if (node.additionalProperties !== false) problems.push(`${where}: 'additionalProperties' is required to be supplied and to be false`);
    const required = Array.isArray(node.required) ? node.required : [];
    for (const key of Object.keys(node.properties ?? {})) if (!required.includes(key)) problems.push(`${where}: 'required' must include every property ("${key}" is missing)`);
    for (const [key, sub] of Object.entries(node.properties ?? {})) problems.push(...strictSchemaProblems(sub, `${where}.${key}`));
  }
  if (node.items) problems.push(...strictSchemaProblems(node.items, `${where}[]`));
  for (const sub of node.anyOf ?? []) problems.push(...strictSchemaProblems(sub, where));
  return problems;
}

