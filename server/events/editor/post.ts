import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { DbValue } from '@server/db/types';
import { notFound } from '@server/http/responses';
import { isValidKey } from '@server/paths';
import { EVENT_EDITOR_TEXTS, EVENT_ITEM_KEY_FIELD } from '~/lib/event-editor';
import { eventPreviewModel, eventPreviewSourceOfForm } from '~/lib/event-preview';
import { EVENT_TEXTS, eventSectionOfErrors, type EventFormOutput } from '~/schemas/event';
import {
  allowedEventFields,
  duplicateOf,
  eventRecord,
  eventReferenceErrors,
  googleImportAccepted,
  importLockOf,
  standardRsvpForm,
} from '../index';
import { editorReply, type EditorAnswer, type ReplyBase } from './answer';
import { editingOf, formValueOf, keepLockedFields, schemaOf, withoutOwnership, type Editing } from './editing';
import { eventEditorRightsOf, previewContext, remoteButtonsError } from './rights';
import type { Target } from './target';

/**
 * The first step of a save (spec 02 §5 event rules): what the form edits, the post read against
 * the schema for it, and the refusals that need no write (read-only, invalid fields, unknown
 * references, a remote manager's buttons). What passes is the event's fields to write.
 */

/** A post that passed the rules: what it edits, its value, and the fields to write. */
export interface PlannedPost {
  editing: Editing;
  value: EventFormOutput;
  /** The answer's parts: the posted version and the preview of what was posted. */
  base: ReplyBase;
  /** The form again as typed (with errors given). */
  reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>;
  /** An imported event's locked fields were posted with other values (kept as the feed gives them). */
  lockedChanged: boolean;
}

const errorFieldsOf = (result: SubmissionResult<string[]>) =>
  Object.entries(result.error ?? {})
    .filter(([, messages]) => Boolean(messages?.length))
    .map(([name]) => name);

const postedVersionOf = (formData: FormData): string | null => {
  const posted = formData.get('version');
  return typeof posted === 'string' && posted !== '' ? posted : null;
};

/** Read a Save, Create Event or Update Preview post: the form again when it cannot be saved, else the planned post. */
export async function readEventPost(target: Target, formData: FormData, preview: boolean): Promise<EditorAnswer | PlannedPost> {
  const { services, community, calendarId, options } = target;
  const deps = { db: services.db, paths: services.paths };
  const postedScope = target.kind === 'remote' ? 'event' : formData.get('scope');
  const postedKey = String(formData.get(EVENT_ITEM_KEY_FIELD) ?? '');
  const editing = await editingOf(target, typeof postedScope === 'string' ? postedScope : 'event', () => postedKey);
  if (editing === 'ask') throw notFound();
  // An imported event's locked fields are the feed's: what is posted for them is replaced by what is stored.
  const imported = target.mode === 'edit' && (await importLockOf(deps, community, calendarId, target.event.stored)) !== null;
  const lockedChanged = imported && keepLockedFields(formData, formValueOf(target, editing));
  const submission = parseWithZod(formData, { schema: schemaOf(target, editing, imported) });
  const base: ReplyBase = {
    version: postedVersionOf(formData),
    preview: eventPreviewModel(eventPreviewSourceOfForm(formData, previewContext(target).timeZone), previewContext(target)),
  };

  if (editing.readOnly) return editorReply(base, 403, submission.reply({ formErrors: [EVENT_EDITOR_TEXTS.readOnly] }));
  if (preview) return editorReply(base, 200, { ...submission.reply(), error: {} });
  if (submission.status !== 'success') {
    const result = submission.reply();
    const tooLong = (result.error?.[''] ?? []).includes(EVENT_TEXTS.recurrenceTooLong);
    const fields = errorFieldsOf(result);
    const onlyDialog = tooLong && fields.length === 1;
    return editorReply(base, 400, result, {
      openSection: eventSectionOfErrors(fields) ?? 'general',
      formError: onlyDialog ? null : EVENT_EDITOR_TEXTS.formIncomplete,
      errorDialog: tooLong ? EVENT_TEXTS.recurrenceTooLong : null,
    });
  }
  const value = submission.value;
  const references = eventReferenceErrors(value, options);
  if (Object.keys(references).length > 0) {
    return editorReply(base, 400, submission.reply({ fieldErrors: references }), {
      openSection: eventSectionOfErrors(Object.keys(references)) ?? 'general',
      formError: EVENT_EDITOR_TEXTS.formIncomplete,
    });
  }
  if (!isValidKey(editing.eventId)) return editorReply(base, 400, submission.reply({ formErrors: [EVENT_EDITOR_TEXTS.outOfDate] }));
  if (target.kind === 'remote' && eventEditorRightsOf(target).fields.includes('detailButtons')) {
    const buttons = remoteButtonsError(value.detailButtons);
    if (buttons) {
      return editorReply(base, 400, submission.reply({ formErrors: [buttons] }), {
        openSection: 'buttons',
        formError: EVENT_EDITOR_TEXTS.formIncomplete,
      });
    }
  }
  return { editing, value, base, reply: (more) => submission.reply(more), lockedChanged };
}

/** The event's fields the person may write, as the save stores them. */
export function grantedFields(target: Target, planned: PlannedPost): Record<string, DbValue> {
  return allowedEventFields(eventRecord(planned.value, planned.editing.item), eventEditorRightsOf(target));
}

/**
 * The fields and extra updates of a staff save: the standard RSVP form made when asked for, a
 * duplicate's kept fields, and a pending record's (Create Event). Mutates `planned.value` for the
 * standard RSVP form's key, as the save reads it. A pending record changed meanwhile answers 409.
 */
export function fieldsOfSave(
  target: Target,
  planned: PlannedPost,
): { fields: Record<string, DbValue>; extra: Record<string, DbValue> } | EditorAnswer {
  const { services, community, options } = target;
  const deps = { db: services.db, paths: services.paths };
  const { value } = planned;
  let extra: Record<string, DbValue> = {};
  if (value.rsvpRequest && value.rsvpFormKey === '') {
    const standard = standardRsvpForm(deps, community, options);
    value.rsvpFormKey = standard.key;
    extra = standard.updates;
  }
  const fields = grantedFields(target, planned);
  if (target.kind === 'staff' && target.mode === 'duplicate') {
    // The copy keeps what the form does not show (header media, drawable …), not its original's ids and owners.
    for (const [field, stored] of Object.entries(withoutOwnership(duplicateOf(target.event.stored))))
      if (!(field in fields)) fields[field] = stored;
  }
  if (target.kind === 'import') {
    const { pending } = target;
    if (planned.base.version !== null && planned.base.version !== pending.version) {
      return editorReply(planned.base, 409, planned.reply({ formErrors: [EVENT_EDITOR_TEXTS.outOfDate] }));
    }
    // The event keeps what the form does not show (an import's source id and calendar, header media …) and its submitter as creator.
    const { updatedBy: _updatedBy, contexts: _contexts, recurrenceId: _recurrenceId, ...kept } = pending.item;
    for (const [field, stored] of Object.entries(kept)) if (!(field in fields)) fields[field] = stored;
    if (pending.submittedBy && typeof fields.creator !== 'string') fields.creator = pending.submittedBy.uid;
    extra = { ...extra, ...googleImportAccepted(deps, community, pending.importId) };
  }
  return { fields, extra };
}
