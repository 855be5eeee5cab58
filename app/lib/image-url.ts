const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** An image address the browser can load (absolute http(s) or site-relative), else null. */
export function imageUrl(value: unknown): string | null {
  const url = text(value);
  return url && (/^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'))) ? url : null;
}
