import { parseWithZod } from '@conform-to/zod';
import { data, redirect } from '@remix-run/node';
import {
  ASSISTANT_TEXTS,
  describeEdited,
  loadAssistantScreen,
  removeResponse,
  reworkEdited,
  reworkResponse,
  searchPrompt,
  useResponse,
  type AssistantAnswer,
  type AssistantDeps,
} from '@server/assistant/screen';
import { requireStaff } from '@server/authz';
import { readForm } from '@server/http/form.server';
import { notFound } from '@server/http/responses';
import { aiTextProvider } from '@server/providers/ai-text';
import { isAppPath } from '~/components/job-progress/paths';
import type { AssistantActionData, AssistantPageData } from '~/components/widgets/assistant/types';
import { assistantUseHref, MAX_USE_DESCRIPTION, MAX_USE_TITLE, pickUse } from '~/lib/assistant';
import { hrefs } from '~/lib/hrefs';
import { parseIntent } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import {
  ASSISTANT_PATHS,
  AssistantEditSchema,
  AssistantIntent,
  AssistantPostSchemas,
  AssistantSearchSchema,
  MAX_CONTEXT_LOCATION,
  MAX_CONTEXT_TITLE,
  MAX_CONTEXT_WHEN,
  type AssistantPathName,
} from '~/schemas/assistant';
import { getServices } from '~/services.server';

/**
 * The AI writing assistant's page (`/assistant/:assistantPath`, docs/decisions/038): staff of the
 * session's community only (remote managers are sent to their own page, as everywhere in the
 * console; spec 02 hides the assistant from them). The history is the signed-in person's own.
 * Query: `back` (the editor that opened it), `title` / `location` / `when` (what the item says,
 * for the drafts), `run` (the run under way), `open` (the prompt shown open), `mode=edit` with
 * `title` and `description` (edit-only mode). Posts with `dialog=1` (the dialog with JavaScript)
 * answer data instead of redirecting, so the editor behind the dialog keeps what is typed.
 */

export type { AssistantScreen } from '@server/assistant/screen';
export { ASSISTANT_TEXTS } from '@server/assistant/screen';

export type { AssistantActionData, AssistantPageData } from '~/components/widgets/assistant/types';

const text = (url: URL, name: string, max: number) => (url.searchParams.get(name) ?? '').slice(0, max);

async function context(request: Request, params: { assistantPath?: string }) {
  const staff = await requireStaff(request);
  const assistantPath = params.assistantPath ?? '';
  if (!(ASSISTANT_PATHS as readonly string[]).includes(assistantPath)) throw notFound();
  const services = await getServices();
  const deps: AssistantDeps = { db: services.db, paths: services.paths, jobs: services.jobs, aiText: aiTextProvider(services.env) };
  const owner = { uid: staff.user.uid, community: staff.community, assistantPath: assistantPath as AssistantPathName };
  const url = new URL(request.url);
  const back = url.searchParams.get('back');
  return { staff, services, deps, owner, url, back: isAppPath(back) ? back : hrefs.home() };
}

/** This page's address with `changes` to its query (null removes a parameter). */
function selfHref(url: URL, changes: Record<string, string | null>): string {
  const next = new URL(url);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.searchParams.delete(name);
    else next.searchParams.set(name, value);
  }
  return `${next.pathname}${next.search}`;
}

export async function loadAssistant(request: Request, params: { assistantPath?: string }): Promise<AssistantPageData> {
  const { staff, deps, owner, url, back } = await context(request, params);
  const editMode = url.searchParams.get('mode') === 'edit';
  const screen = await loadAssistantScreen(
    deps,
    { ...owner, communities: staff.communities.map((community) => community.key) },
    {
      run: url.searchParams.get('run'),
      open: url.searchParams.get('open'),
      edit: editMode ? { title: text(url, 'title', MAX_USE_TITLE), description: text(url, 'description', MAX_USE_DESCRIPTION) } : null,
    },
  );
  return {
    screen,
    back,
    context: {
      title: text(url, 'title', MAX_CONTEXT_TITLE),
      location: text(url, 'location', MAX_CONTEXT_LOCATION),
      when: text(url, 'when', MAX_CONTEXT_WHEN),
    },
    self: selfHref(url, { run: null }),
  };
}

const answerData = (value: AssistantActionData, status = 200) => data<AssistantActionData>(value, { status });

export async function assistantAction(request: Request, params: { assistantPath?: string }) {
  const { services, deps, owner, url, back } = await context(request, params);
  const formData = await readForm(request, { schemas: AssistantPostSchemas });
  const posted = parseIntent(formData, AssistantIntent);
  const dialog = formData.get('dialog') === '1';
  const refused = (answer: Extract<AssistantAnswer, { kind: 'refused' }>) => answerData({ message: answer.message }, answer.status);

  switch (posted.intent) {
    case 'search': {
      const submission = parseWithZod(formData, { schema: AssistantSearchSchema });
      if (submission.status !== 'success') return answerData({ result: submission.reply() }, 400);
      const { prompt, appType, contextTitle, contextLocation, contextWhen } = submission.value;
      const answer = await searchPrompt(deps, owner, {
        product: services.paths.product(),
        prompt,
        appType: appType ?? null,
        context: { title: contextTitle, location: contextLocation, when: contextWhen },
        now: Date.now(),
      });
      if (answer.kind === 'refused') return answerData({ result: submission.reply({ formErrors: [answer.message] }) }, answer.status);
      if (answer.kind !== 'run') throw new Error('A search answers a run.');
      if (dialog) return answerData({ run: { jobId: answer.jobId, promptKey: answer.promptKey } });
      return redirect(selfHref(url, { run: answer.jobId, open: answer.promptKey }));
    }
    case 'delete-response': {
      const answer = await removeResponse(deps, owner, posted.promptKey, posted.responseKey);
      if (answer.kind === 'refused') return refused(answer);
      const message = answer.kind === 'deleted' ? answer.message : ASSISTANT_TEXTS.deleted;
      if (dialog) return answerData({ message, reload: true });
      return redirectWithToast(request, selfHref(url, { run: null }), { kind: 'success', message });
    }
    case 'use': {
      const answer = await useResponse(deps, owner, posted.promptKey, posted.responseKey);
      if (answer.kind === 'refused') return refused(answer);
      if (answer.kind !== 'use') throw new Error('Use answers texts.');
      const use = pickUse(answer, posted.argument);
      if (dialog) return answerData({ use });
      return redirect(assistantUseHref(back, use.title, use.description));
    }
    case 'field': {
      const answer = await reworkResponse(deps, owner, {
        promptKey: posted.promptKey,
        responseKey: posted.responseKey,
        ...posted.argument,
      });
      if (answer.kind === 'refused') return refused(answer);
      if (dialog) return answerData({ reload: true });
      return redirect(selfHref(url, { run: null, open: posted.promptKey }));
    }
    case 'edit-describe':
    case 'edit-field':
    case 'edit-use': {
      const submission = parseWithZod(formData, { schema: AssistantEditSchema });
      if (submission.status !== 'success') return answerData({ result: submission.reply() }, 400);
      const { title, description } = submission.value;
      if (posted.intent === 'edit-use') {
        const use = pickUse({ title, description }, posted.argument);
        if (dialog) return answerData({ use });
        return redirect(assistantUseHref(back, use.title, use.description));
      }
      const answer =
        posted.intent === 'edit-describe'
          ? await describeEdited(deps, owner.assistantPath, title)
          : await reworkEdited(deps, owner.assistantPath, { title, description, ...posted.argument });
      if (answer.kind !== 'edited') throw new Error('An edit answers texts.');
      return answerData({ edit: { title: answer.title, description: answer.description, error: answer.error } }, answer.error ? 503 : 200);
    }
  }
}
