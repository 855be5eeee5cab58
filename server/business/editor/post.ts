import { parseWithZod } from '@conform-to/zod';
import { actionTargetProblem, loadActionTargets } from '@server/actions/targets';
import { NO_LIST_ICON_CONTEXTS } from '@server/business/sections';
import { LIST_ICON_MESSAGES, unknownListIconKeys } from '@server/list-icons';
import { isValidKey } from '@server/paths';
import { dropRemoteAdminFields } from '@server/remote/admin-post';
import { postedVersion } from '~/lib/conflict';
import {
  BUSINESS_TEXTS,
  ITEM_KEY_FIELD,
  RETURN_TO_FIELD,
  sectionOfErrors,
  type BusinessFormOutput,
  type BusinessSectionId,
} from '~/schemas/business';
import { returnToOf } from './links';
import { editorReply, previewOfPost } from './reply';
import { saveListing } from './save';
import { answerPlaceStep, answerRemoteRequest } from './steps';
import { editorSchema } from './target';
import type { EditorAnswer, Target } from './types';

/**
 * A post of the business detail editor (spec 03 §2, §7), its intent already read: Submit
 * (`save`), Update Preview, the place search steps, or a remote manager's Update Permissions
 * request. What the person may not write is not read at all (a post carrying it changes
 * nothing); the form comes back as typed with the spec's messages, or the listing is saved.
 */

export interface EditorIntent {
  intent: string;
  argument?: string;
}

export async function answerEditorPost(target: Target, request: Request, formData: FormData, chosen: EditorIntent): Promise<EditorAnswer> {
  const answer = await answerPost(target, request, formData, chosen);
  // The form comes back (a refusal, a preview, a place step): it keeps where Save and Cancel go,
  // the page the editor was opened from, not what the reloaded page would guess from its own address.
  if (answer.kind === 'form' && target.mode !== 'remote') {
    return { ...answer, body: { ...answer.body, returnTo: returnToOf(request, target.section, formData.get(RETURN_TO_FIELD)) } };
  }
  return answer;
}

async function answerPost(target: Target, request: Request, formData: FormData, chosen: EditorIntent): Promise<EditorAnswer> {
  const { intent } = chosen;
  if (intent === 'request-update') return answerRemoteRequest(target, formData);
  if (intent === 'place-search' || intent === 'place-choice') {
    return answerPlaceStep(target, formData, intent === 'place-choice' ? (chosen.argument ?? '') : null);
  }
  const { rights, stored } = target;
  if (!rights.remoteAdmin) dropRemoteAdminFields(formData);
  if (!rights.buttons) for (const name of [...formData.keys()]) if (name.startsWith('detailButtons')) formData.delete(name);
  const version = target.mode === 'edit' || target.mode === 'remote' ? postedVersion(formData) : null;
  const submission = parseWithZod(formData, { schema: editorSchema(target) });
  const output = submission.status === 'success' ? submission.value : null;
  const preview = previewOfPost(formData, stored, output, rights.remoteAdmin);
  const refuse = (fieldErrors: Record<string, string[]>, openSection: BusinessSectionId) =>
    editorReply(
      {
        result: submission.reply({ fieldErrors }),
        version,
        conflict: null,
        openSection,
        formError: BUSINESS_TEXTS.formIncomplete,
        preview,
      },
      400,
    );

  if (intent === 'preview' || submission.status !== 'success') {
    const failed = submission.status === 'error' && intent !== 'preview';
    const result = submission.reply();
    const errorFields = Object.entries(result.error ?? {})
      .filter(([, messages]) => Boolean(messages?.length))
      .map(([name]) => name);
    return editorReply(
      {
        result: failed ? result : { ...result, error: {} },
        version,
        conflict: null,
        openSection: (failed && sectionOfErrors(errorFields)) || 'title-location',
        formError: failed ? BUSINESS_TEXTS.formIncomplete : null,
        preview,
      },
      failed ? 400 : 200,
    );
  }

  const itemId = target.mode === 'add' || target.mode === 'duplicate' ? String(formData.get(ITEM_KEY_FIELD) ?? '') : target.itemId;
  if (!isValidKey(itemId)) {
    return editorReply(
      {
        result: submission.reply({ formErrors: ['The form is out of date. Reload it and try again.'] }),
        version,
        conflict: null,
        openSection: 'title-location',
        formError: null,
        preview,
      },
      400,
    );
  }
  const buttonProblems = rights.buttons ? await buttonTargetProblems(target, submission.value) : {};
  if (Object.keys(buttonProblems).length > 0) return refuse(buttonProblems, 'buttons');
  if (rights.listIcons && !NO_LIST_ICON_CONTEXTS.has(target.section.context)) {
    const carried = Array.isArray(stored?.listIcons) ? stored.listIcons : [];
    const unknown = await unknownListIconKeys(target.services, target.community, submission.value.listIcons, carried);
    if (unknown.length > 0) return refuse({ listIcons: [LIST_ICON_MESSAGES.unknown(unknown)] }, 'title-location');
  }
  return saveListing(target, request, formData, {
    itemId,
    version,
    value: submission.value,
    reply: (options) => submission.reply(options),
    preview,
  });
}

/** Custom buttons whose community, list or item is not one the person may point at. */
async function buttonTargetProblems(target: Target, value: BusinessFormOutput): Promise<Record<string, string[]>> {
  const targets = target.allowedActions
    ? { communities: target.communities, byAction: {} }
    : await loadActionTargets(target.services, target.communities);
  const problems: Record<string, string[]> = {};
  value.detailButtons.forEach((button, index) => {
    const problem = actionTargetProblem(targets, button.action);
    if (problem) problems[`detailButtons[${index}].action.key`] = [problem];
  });
  return problems;
}
