import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { requireSuperAdmin, type StaffContext } from '@server/authz';
import { readForm } from '@server/http/form.server';
import { notFound } from '@server/http/responses';
import { EMAIL_TEMPLATES_LIST_KEY } from '@server/listing';
import type { ResolvedList } from '@server/listing/resolved';
import {
  deleteTemplate,
  EMAIL_TEMPLATE_INFO,
  isEmailTemplateKind,
  readTemplate,
  renderTemplate,
  sanitizeTemplateHtml,
  saveTemplate,
  templateVersion,
  type EmailTemplateKind,
  type RenderedEmail,
} from '@server/mail/templates';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { hrefs } from '~/lib/hrefs';
import { parseIntent } from '~/lib/intent';
import { linkedListDefinition } from '~/lib/listing/linked';
import type { ListContextDefinition } from '~/lib/listing/types';
import { redirectWithToast } from '~/lib/toast.server';
import { EmailTemplateSchema } from '~/schemas/email-template';
import { getServices } from '~/services.server';
import { EmailTemplateIntent } from './intents';
import { TEXTS } from './texts';

/**
 * Email Templates at /listnm/email (spec 03 §6 Email Templates tray, super admin; §9 "email
 * template (title, url, drawable, pages)"; decision 046): one row per kind of e-mail the console
 * sends (sign-in link, invitation, event waiting for approval); its editor writes the kind's
 * template (sanitized HTML, guarded by its version), previews it with sample values as it will
 * be sent, and deletes it (the send goes back to its built-in text).
 */

export const EMAIL_TEMPLATES_DEFINITION: ListContextDefinition = linkedListDefinition({
  title: 'Email Templates',
  itemName: 'Email Template',
  fields: { title: 'title', subtitle: 'subject' },
  permission: 'super-admin',
  emptyMessage: 'There are no e-mail templates.',
  loadingText: 'Loading e-mail templates',
  searchHint: 'Kind or subject',
});

export async function resolveEmailTemplates(request: Request): Promise<ResolvedList> {
  const staff: StaffContext = await requireSuperAdmin(request);
  const key = EMAIL_TEMPLATES_LIST_KEY;
  const definition = EMAIL_TEMPLATES_DEFINITION;
  return {
    staff,
    key,
    definition,
    location: { family: 'listnm', context: key, tab: null, firstTab: null },
    address: { community: staff.community, definition, base: key, tab: null },
    title: definition.title,
    tabs: [],
    headerContext: key,
  };
}

export interface EmailTemplateEditorData {
  kind: EmailTemplateKind;
  label: string;
  /** False while the send uses its built-in text (a save adds the template). */
  stored: boolean;
  defaults: { title: string; body: string; url: string; drawable: string };
  version: string | null;
  placeholders: Array<{ name: string; text: string }>;
  closeHref: string;
  formAction: string;
  confirmDelete: boolean;
}

export interface EmailTemplateActionData {
  result: SubmissionResult<string[]>;
  version: string | null;
  conflict?: Conflict | null;
  preview?: RenderedEmail | null;
  confirmDelete?: boolean;
}

const listHref = () => hrefs.listnm(EMAIL_TEMPLATES_LIST_KEY);
const editHref = (kind: EmailTemplateKind) => hrefs.listnmItem(EMAIL_TEMPLATES_LIST_KEY, 'edit', kind);

function kindOf(itemId: string): EmailTemplateKind {
  if (!isEmailTemplateKind(itemId)) throw notFound('There is no such e-mail.');
  return itemId;
}

export async function loadEmailTemplateEditor(request: Request, itemId: string): Promise<EmailTemplateEditorData> {
  await requireSuperAdmin(request);
  const kind = kindOf(itemId);
  const stored = await readTemplate(await getServices(), kind);
  const info = EMAIL_TEMPLATE_INFO[kind];
  return {
    kind,
    label: info.label,
    stored: stored !== null,
    defaults: stored
      ? { title: stored.title, body: stored.body, url: stored.url, drawable: stored.drawable }
      : { title: '', body: '', url: '', drawable: '' },
    version: stored ? templateVersion(stored) : null,
    placeholders: Object.entries(info.placeholders).map(([name, text]) => ({ name, text })),
    closeHref: listHref(),
    formAction: editHref(kind),
    confirmDelete: new URL(request.url).searchParams.get('confirm') === 'delete',
  };
}

const answer = (body: EmailTemplateActionData, status = 200) => data<EmailTemplateActionData>(body, { status });

const LABELS = { title: 'Subject', body: 'Message', url: 'Web Address', drawable: 'Image' };

/** The editor's post: Preview (what is typed, as it will be sent, with sample values), Save, Delete (asks first), Delete confirmed. */
export async function emailTemplateAction(request: Request, itemId: string) {
  await requireSuperAdmin(request);
  const kind = kindOf(itemId);
  const services = await getServices();
  const formData = await readForm(request, { schemas: EmailTemplateSchema });
  const { intent } = parseIntent(formData, EmailTemplateIntent, { fallback: 'save' });
  const version = postedVersion(formData);

  if (intent === 'delete' || intent === 'delete-confirmed') {
    if (intent === 'delete') return answer({ result: { status: 'success' }, version, confirmDelete: true });
    const deleted = await deleteTemplate(services, kind);
    return redirectWithToast(request, listHref(), { kind: 'success', message: deleted === 'deleted' ? TEXTS.deleted : TEXTS.gone });
  }

  const submission = parseWithZod(formData, { schema: EmailTemplateSchema });
  if (submission.status !== 'success') return answer({ result: submission.reply(), version }, 400);
  const value = {
    title: submission.value.title,
    body: submission.value.body,
    url: submission.value.url ?? '',
    drawable: submission.value.drawable ?? '',
  };

  if (intent === 'preview') {
    const preview = renderTemplate({ title: value.title, body: sanitizeTemplateHtml(value.body) }, EMAIL_TEMPLATE_INFO[kind].sample);
    return answer({ result: submission.reply(), version, preview });
  }

  const saved = await saveTemplate(services, { kind, adding: version === null, value, version });
  if (saved.kind === 'saved') return redirectWithToast(request, listHref(), { kind: 'success', message: TEXTS.saved });
  if (saved.kind === 'conflict' && saved.version && saved.stored) {
    return answer(
      {
        result: submission.reply(),
        version: saved.version,
        conflict: {
          message: conflictMessage('The e-mail template'),
          version: saved.version,
          theirs: conflictRows(LABELS, { ...saved.stored, pages: undefined }, value),
        },
      },
      409,
    );
  }
  const message = saved.kind === 'taken' ? TEXTS.taken : TEXTS.gone;
  return answer({ result: submission.reply({ formErrors: [message] }), version: null }, saved.kind === 'taken' ? 409 : 404);
}
