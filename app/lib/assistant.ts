/**
 * What the AI writing assistant hands back to the editor that opened it (spec 02 "AI writing
 * assistant dialog", Use): without JavaScript, Use leads back to the editor's address with the
 * chosen title and description in its query, and the editor shows them in its form, unsaved;
 * with JavaScript the dialog puts them into the form in place.
 */

export const USE_TITLE_PARAM = 'aiTitle';
export const USE_DESCRIPTION_PARAM = 'aiDescription';
export const MAX_USE_TITLE = 200;
export const MAX_USE_DESCRIPTION = 4000;

/** A path of this app (not another site's address). */
const isAppPath = (value: string) => value.length <= 500 && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');

/** The editor's address (a path of this app, else '/') with the chosen texts in its query. */
export function assistantUseHref(back: string, title: string | null, description: string | null): string {
  const url = new URL(isAppPath(back) ? back : '/', 'http://app.invalid');
  if (title !== null) url.searchParams.set(USE_TITLE_PARAM, title.slice(0, MAX_USE_TITLE));
  if (description !== null) url.searchParams.set(USE_DESCRIPTION_PARAM, description.slice(0, MAX_USE_DESCRIPTION));
  return `${url.pathname}${url.search}`;
}

/** The texts Use brought back in an editor's query; null when there are none. */
export function assistantUseOf(url: URL): { title: string | null; description: string | null } | null {
  const title = url.searchParams.get(USE_TITLE_PARAM);
  const description = url.searchParams.get(USE_DESCRIPTION_PARAM);
  if (title === null && description === null) return null;
  return { title: title?.slice(0, MAX_USE_TITLE) ?? null, description: description?.slice(0, MAX_USE_DESCRIPTION) ?? null };
}

/** What Use hands over: both texts, or one field's. */
export function pickUse(texts: { title: string; description: string }, only: 'title' | 'description' | undefined) {
  return { title: only === 'description' ? null : texts.title, description: only === 'title' ? null : texts.description };
}

/** Plain text as the rich-text description's HTML: a paragraph per blank-line block, line breaks kept. */
export function plainToHtml(text: string): string {
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .trim()
    .split(/\n\s*\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => `<p>${escape(block.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The rich-text description as plain text for the assistant (tags dropped, paragraphs kept apart). */
export function htmlToPlain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|h\d)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An editor's address without the texts Use brought (what the assistant returns to). */
export function withoutUse(path: string): string {
  const url = new URL(isAppPath(path) ? path : '/', 'http://app.invalid');
  url.searchParams.delete(USE_TITLE_PARAM);
  url.searchParams.delete(USE_DESCRIPTION_PARAM);
  return `${url.pathname}${url.search}`;
}
