import sanitizeHtml from 'sanitize-html';
import type { RealtimeDb } from '@server/db/types';
import { versionOf } from '@server/db/version';
import type { Paths } from '@server/paths';

/**
 * E-mail templates (spec 03 §6 Email Templates, super admin; §9 "email template (title, url,
 * drawable, pages)"; decision 046). One template per kind of send, stored product-wide at
 * `{product}/email-templates/{kind}`: `title` is the subject, `body` the message's HTML
 * (sanitized on save), `url`, `drawable` and `pages` the spec's shape (kept, unused by sends).
 * A send uses its kind's template when one is stored, else its built-in text. Placeholders
 * `{{name}}` are replaced by the send's values, escaped for HTML in the body.
 */

export const EMAIL_TEMPLATE_KINDS = ['sign-in-link', 'password-reset', 'invitation', 'approval'] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

export const isEmailTemplateKind = (value: unknown): value is EmailTemplateKind =>
  typeof value === 'string' && (EMAIL_TEMPLATE_KINDS as readonly string[]).includes(value);

export interface EmailTemplateKindInfo {
  label: string;
  /** The placeholders the send fills, with what they hold. */
  placeholders: Record<string, string>;
  /** Values the Preview shows. */
  sample: Record<string, string>;
}

export const EMAIL_TEMPLATE_INFO: Record<EmailTemplateKind, EmailTemplateKindInfo> = {
  'sign-in-link': {
    label: 'Sign-in link',
    placeholders: { community: 'The app or community title', email: "The person's e-mail address", link: 'The sign-in link' },
    sample: { community: 'Demo Campground', email: 'pat@example.com', link: 'https://console.example.com/login?mode=email-link' },
  },
  'password-reset': {
    label: 'Password reset link',
    placeholders: {
      community: 'The app or community title',
      email: "The person's e-mail address",
      link: 'The link to choose a new password',
    },
    sample: { community: 'Demo Campground', email: 'pat@example.com', link: 'https://console.example.com/login?mode=reset' },
  },
  invitation: {
    label: 'User Management invitation',
    placeholders: {
      name: "The invited person's name",
      email: "The invited person's e-mail address",
      community: 'The community title',
      link: 'The sign-in link',
      passwordLink: 'The link to choose a password',
    },
    sample: {
      name: 'Pat Example',
      email: 'pat@example.com',
      community: 'Demo Campground',
      link: 'https://console.example.com/login?mode=email-link',
      passwordLink: 'https://console.example.com/login?mode=forgot',
    },
  },
  approval: {
    label: 'Event waiting for approval',
    placeholders: {
      calendar: 'The calendar title',
      event: 'The event title',
      when: 'When the event takes place',
      name: 'Who submitted it',
      link: 'The link to review the event',
    },
    sample: {
      calendar: 'Activities',
      event: 'Pancake Breakfast',
      when: 'Sat, Jun 6, 8:00 AM',
      name: 'Pat Example',
      link: 'https://console.example.com/events/pending',
    },
  },
};

export const MAX_TEMPLATE_SUBJECT = 200;
export const MAX_TEMPLATE_BODY = 50_000;

export interface EmailTemplateRecord {
  title: string;
  body: string;
  url: string;
  drawable: string;
  pages: string[];
}

export interface RenderedEmail {
  subject: string;
  body: string;
}

export type TemplateDeps = { db: RealtimeDb; paths: Paths };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function templateOf(value: unknown): EmailTemplateRecord | null {
  if (!isObject(value)) return null;
  const pages = Array.isArray(value.pages) ? value.pages.filter((page): page is string => typeof page === 'string') : [];
  return {
    title: text(value.title).trim(),
    body: text(value.body),
    url: text(value.url).trim(),
    drawable: text(value.drawable).trim(),
    pages,
  };
}

export const templateVersion = (record: EmailTemplateRecord): string => versionOf(record);

/** An e-mail's HTML as a template may hold it: formatting, links and images, nothing that runs. Placeholders survive. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'h1',
      'h2',
      'h3',
      'h4',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'a',
      'ol',
      'ul',
      'li',
      'span',
      'div',
      'blockquote',
      'img',
      'hr',
      'table',
      'tbody',
      'tr',
      'td',
      'th',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'], '*': ['style', 'align'] },
    allowedStyles: {
      '*': {
        color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
        'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
        'text-align': [/^(left|right|center|justify)$/],
        'font-weight': [/^(bold|normal|\d{3})$/],
      },
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
  });
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const PLACEHOLDER = /\{\{\s*([a-zA-Z][a-zA-Z0-9]*)\s*\}\}/g;

/**
 * Fills a template's placeholders: in the body each value escaped for HTML, in the subject
 * (plain text) as it is with line breaks dropped. A placeholder the send does not fill is left
 * as written, so the Preview shows it.
 */
export function renderTemplate(template: { title: string; body: string }, values: Record<string, string>): RenderedEmail {
  const fill = (source: string, encode: (value: string) => string) =>
    source.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? encode(values[name] ?? '') : whole));
  return {
    subject: fill(template.title, (value) => value.replace(/[\r\n]+/g, ' ')).trim(),
    body: fill(template.body, escapeHtml),
  };
}

export async function readTemplate(deps: TemplateDeps, kind: EmailTemplateKind): Promise<EmailTemplateRecord | null> {
  return templateOf((await deps.db.ref(deps.paths.emailTemplates(kind)).get()).val());
}

export async function readTemplates(deps: TemplateDeps): Promise<Array<{ kind: EmailTemplateKind; record: EmailTemplateRecord }>> {
  const stored = (await deps.db.ref(deps.paths.emailTemplates()).get()).val();
  if (!isObject(stored)) return [];
  return EMAIL_TEMPLATE_KINDS.flatMap((kind) => {
    const record = templateOf(stored[kind]);
    return record ? [{ kind, record }] : [];
  });
}

/**
 * The e-mail of a send: its kind's stored template with the values filled in, or the built-in
 * text when no usable template is stored (none, an empty subject or body) or it cannot be read.
 */
export async function emailFromTemplate(
  deps: TemplateDeps,
  kind: EmailTemplateKind,
  values: Record<string, string>,
  builtIn: () => RenderedEmail,
): Promise<RenderedEmail> {
  let template: EmailTemplateRecord | null = null;
  try {
    template = await readTemplate(deps, kind);
  } catch {
    template = null;
  }
  if (!template || !template.title || !template.body.trim()) return builtIn();
  const rendered = renderTemplate({ title: template.title, body: sanitizeTemplateHtml(template.body) }, values);
  return rendered.subject ? rendered : builtIn();
}

// ─── Saves and deletes ─────────────────────────────────────────────────────────────────────────

export interface TemplateValue {
  title: string;
  body: string;
  url: string;
  drawable: string;
}

export type TemplateSaveAnswer =
  | { kind: 'saved' }
  | { kind: 'conflict'; stored: EmailTemplateRecord | null; version: string | null }
  | { kind: 'taken' }
  | { kind: 'gone' };

/** Saves a kind's template (its HTML sanitized), only while it is as the form showed it (its version; an add: while none is stored). */
export async function saveTemplate(
  deps: TemplateDeps,
  input: { kind: EmailTemplateKind; adding: boolean; value: TemplateValue; version: string | null },
): Promise<TemplateSaveAnswer> {
  const path = deps.paths.emailTemplates(input.kind);
  const record: EmailTemplateRecord = {
    title: input.value.title.trim(),
    body: sanitizeTemplateHtml(input.value.body),
    url: input.value.url.trim(),
    drawable: input.value.drawable.trim(),
    pages: [input.kind],
  };
  let seen: unknown = null;
  const result = await deps.db.ref().guardedUpdate(
    path,
    (current: unknown) => {
      seen = current;
      if (input.adding) return current === null || current === undefined;
      const stored = templateOf(current);
      return stored !== null && templateVersion(stored) === input.version;
    },
    { [path]: { ...record } },
  );
  if (result.committed) return { kind: 'saved' };
  if (input.adding) return { kind: 'taken' };
  const stored = templateOf(seen);
  if (!stored) return { kind: 'gone' };
  return { kind: 'conflict', stored, version: templateVersion(stored) };
}

/** Deletes a kind's template (its sends go back to the built-in text). */
export async function deleteTemplate(deps: TemplateDeps, kind: EmailTemplateKind): Promise<'deleted' | 'gone'> {
  const path = deps.paths.emailTemplates(kind);
  const result = await deps.db.ref(path).transaction((current) => (current === null ? undefined : null));
  return result.committed ? 'deleted' : 'gone';
}
