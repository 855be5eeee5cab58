/**
 * The post forms of a server-rendered page, read from its HTML the way a browser without
 * JavaScript submits them: React's markup is regular (double-quoted attributes, escaped text),
 * so a few patterns find each form's controls. Used by the malformed-bodies walk to post a
 * page's real form.
 */

export interface HtmlControl {
  tag: 'input' | 'textarea' | 'select' | 'button';
  name: string;
  type: string;
  value: string;
  checked: boolean;
}

export interface HtmlForm {
  action: string | null;
  controls: HtmlControl[];
}

const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of tag.matchAll(/\s([a-zA-Z-:]+)(?:="([^"]*)")?/g)) found.set(match[1]!.toLowerCase(), decode(match[2] ?? ''));
  return found;
}

/** Every form with method="post" of a page, with its named controls in document order. */
export function postForms(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const formAttributes = attributes(match[1]!);
    if ((formAttributes.get('method') ?? 'get').toLowerCase() !== 'post') continue;
    const body = match[2]!;
    const controls: HtmlControl[] = [];
    const pattern = /<(input|button)\b([^>]*)>|<textarea\b([^>]*)>([\s\S]*?)<\/textarea>|<select\b([^>]*)>([\s\S]*?)<\/select>/g;
    for (const control of body.matchAll(pattern)) {
      if (control[1]) {
        const tag = control[1] as 'input' | 'button';
        const attrs = attributes(control[2]!);
        const name = attrs.get('name');
        if (!name) continue;
        controls.push({
          tag,
          name,
          type: (attrs.get('type') ?? (tag === 'button' ? 'submit' : 'text')).toLowerCase(),
          value: attrs.get('value') ?? '',
          checked: attrs.has('checked'),
        });
      } else if (control[3] !== undefined) {
        const attrs = attributes(control[3]);
        const name = attrs.get('name');
        if (name) controls.push({ tag: 'textarea', name, type: 'textarea', value: decode(control[4] ?? ''), checked: false });
      } else {
        const attrs = attributes(control[5]!);
        const name = attrs.get('name');
        if (!name) continue;
        const options = [...control[6]!.matchAll(/<option\b([^>]*)>/g)].map((option) => attributes(option[1]!));
        const chosen = options.find((option) => option.has('selected')) ?? options[0];
        controls.push({ tag: 'select', name, type: 'select', value: chosen?.get('value') ?? '', checked: false });
      }
    }
    forms.push({ action: formAttributes.get('action') ?? null, controls });
  }
  return forms;
}

/** Controls a person types into (text-like inputs and textareas, never hidden or password fields). */
export const isTypedControl = (control: HtmlControl) =>
  control.tag === 'textarea' || (control.tag === 'input' && ['text', 'url', 'tel', 'email', 'search', 'number'].includes(control.type));

/**
 * What the browser posts for a form submitted with `submitter` (a button's name and value):
 * every named control but buttons and files, checkboxes and radios only when checked.
 */
export function submission(form: HtmlForm, submitter: { name: string; value: string } | null): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const control of form.controls) {
    if (control.tag === 'button' || ['submit', 'button', 'image', 'reset', 'file'].includes(control.type)) continue;
    if ((control.type === 'checkbox' || control.type === 'radio') && !control.checked) continue;
    entries.push([control.name, control.type === 'checkbox' && control.value === '' ? 'on' : control.value]);
  }
  if (submitter) entries.push([submitter.name, submitter.value]);
  return entries;
}
