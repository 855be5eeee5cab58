/**
 * Reading a list item's fields by the dotted paths a list context names (`title`,
 * `location.title`): the value when it is a non-empty string or a number, else null.
 */
export function itemValue(item: Record<string, unknown>, path: string): unknown {
  let value: unknown = item;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

export function itemText(item: Record<string, unknown>, path: string): string | null {
  const value = itemValue(item, path);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
