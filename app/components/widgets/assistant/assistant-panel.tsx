import { Badge, Button, Flex, Heading, Spinner, Text, TextArea, TextField as RadixTextField, Tooltip } from '@radix-ui/themes';
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ErrorList } from '~/components/forms/error-list';
import { Notice } from '~/components/forms/fields';
import { hasEnded, useLiveJobStatus } from '~/components/job-progress/job-progress';
import { FIELD_ACTION_LABELS, FIELD_ACTIONS } from '~/schemas/assistant';
import { ASSISTANT_TEXTS } from './texts';
import type { AssistantActionData, AssistantPageData } from './types';

/**
 * The AI writing assistant (spec 02 "AI writing assistant dialog"): the prompt and Search, the
 * Resort / Local Area choice, 'Thinking...' while a run is under way, the history of prompts
 * newest first (each a <details>, its responses too), each response's Title and Description with
 * their actions, Use and Delete; in edit-only mode the item's own Title and Description. Every
 * button is a form post, so it works without JavaScript; `FormTag` is the page's Form, or the
 * dialog's fetcher form (which posts `dialog=1` and answers data).
 */

export type FormTag = ComponentType<{ method: 'post'; action: string; className?: string; children: ReactNode; 'aria-label'?: string }>;

interface PanelProps {
  data: AssistantPageData;
  actionData: AssistantActionData | undefined;
  FormTag: FormTag;
  /** The intent being posted now (its button shows as busy). */
  busy: string | null;
  /** The run has ended: show the history again (without its `run`). */
  onRunEnded: () => void;
  /** The footer's Close / Cancel. */
  closeButton: ReactNode;
}

function FieldActions({
  field,
  intent,
  hiddenFields,
  FormTag,
  action,
  busy,
  label,
}: {
  field: 'title' | 'description';
  intent: 'field' | 'edit-field';
  hiddenFields?: ReactNode;
  FormTag: FormTag;
  action: string;
  busy: string | null;
  label: string;
}) {
  const content = (
    <>
      {hiddenFields}
      <Flex gap="1" wrap="wrap" role="group" aria-label={`${label} actions`}>
        {FIELD_ACTIONS.map((name) => (
          <Button
            key={name}
            type="submit"
            name="intent"
            value={`${intent}:${field}-${name}`}
            size="1"
            variant="soft"
            aria-label={`${FIELD_ACTION_LABELS[name]} ${label.toLowerCase()}`}
            loading={busy === `${intent}:${field}-${name}`}
          >
            {FIELD_ACTION_LABELS[name]}
          </Button>
        ))}
      </Flex>
    </>
  );
  // In edit-only mode the buttons belong to the one form that holds both fields.
  if (intent === 'edit-field') return content;
  return (
    <FormTag method="post" action={action}>
      {content}
    </FormTag>
  );
}

/** The two texts of a response, each with its actions and its Use button. */
const RESPONSE_FIELDS = [
  { field: 'title', label: 'Title' },
  { field: 'description', label: 'Description' },
] as const;

function Response({
  data,
  promptKey,
  response,
  open,
  FormTag,
  busy,
}: {
  data: AssistantPageData;
  promptKey: string;
  response: AssistantPageData['screen']['prompts'][number]['responses'][number];
  open: boolean;
  FormTag: FormTag;
  busy: string | null;
}) {
  const keys = (
    <>
      <input type="hidden" name="promptKey" value={promptKey} />
      <input type="hidden" name="responseKey" value={response.key} />
    </>
  );
  const fields = [response.title, response.description].filter((value) => value !== '').length;
  return (
    <details className="assistant-response" open={open} data-testid="assistant-response">
      <summary>
        <Text size="2" weight="medium">
          {response.title || 'Untitled'}
        </Text>
      </summary>
      <Flex direction="column" gap="3" pt="2">
        {RESPONSE_FIELDS.map(({ field, label }) => (
          <Flex direction="column" gap="1" key={field}>
            <Text size="1" weight="bold" color="gray">
              {label}
            </Text>
            <Text as="p" size="2" className={`assistant-${field}`} data-testid={`assistant-${field}`}>
              {response[field]}
            </Text>
            <FieldActions field={field} intent="field" hiddenFields={keys} FormTag={FormTag} action={data.self} busy={busy} label={label} />
            <FormTag method="post" action={data.self}>
              {keys}
              <Button type="submit" name="intent" value={`use:${field}`} size="1" variant="outline">
                Use {label}
              </Button>
            </FormTag>
          </Flex>
        ))}
        <FormTag method="post" action={data.self} className="assistant-response-actions">
          {keys}
          <Flex gap="2" wrap="wrap">
            {fields > 1 ? (
              <Tooltip content={ASSISTANT_TEXTS.useTooltip}>
                <Button type="submit" name="intent" value="use" loading={busy === 'use'} title={ASSISTANT_TEXTS.useTooltip}>
                  Use
                </Button>
              </Tooltip>
            ) : null}
            <Button type="submit" name="intent" value="delete-response" color="red" variant="soft" loading={busy === 'delete-response'}>
              Delete Response
            </Button>
          </Flex>
        </FormTag>
      </Flex>
    </details>
  );
}

/** 'Thinking...' while the run goes on (its state read again with JavaScript; the page refreshes itself without). */
function Thinking({ data, onRunEnded }: { data: AssistantPageData; onRunEnded: () => void }) {
  const run = data.screen.run!;
  const view = useLiveJobStatus(run);
  const ended = hasEnded(view.state);
  const told = useRef(false);
  useEffect(() => {
    if (ended && !hasEnded(run.state) && !told.current) {
      told.current = true;
      onRunEnded();
    }
  }, [ended, run.state, onRunEnded]);
  if (view.state === 'failed') return <Notice>{view.error ?? ASSISTANT_TEXTS.failed}</Notice>;
  if (ended) return null;
  return (
    <Flex gap="2" align="center" role="status" data-testid="assistant-thinking">
      {/* Without JavaScript the page reads the run again every 2.5 s (spec 02 §9: the status poll). */}
      <noscript>
        <meta httpEquiv="refresh" content="2.5" />
      </noscript>
      <Spinner />
      <Text size="2">{ASSISTANT_TEXTS.thinking}</Text>
    </Flex>
  );
}

function EditOnly({ data, actionData, FormTag, busy }: PanelProps) {
  const edit = actionData?.edit ?? data.screen.edit!;
  const errors = actionData?.result?.error;
  // An empty description is written from the title (spec 02 §4): posted at once with JavaScript,
  // a button without it (the page's GET never calls the writing assistant).
  const describe = !actionData?.edit && data.screen.edit?.describe === true;
  const hydrated = useHydrated();
  const describeButton = useRef<HTMLButtonElement>(null);
  const described = useRef(false);
  useEffect(() => {
    const button = describeButton.current;
    if (!hydrated || !describe || described.current || !button?.form) return;
    described.current = true;
    button.form.requestSubmit(button);
  }, [hydrated, describe]);
  const describing = busy === 'edit-describe';
  return (
    <FormTag method="post" action={data.self} aria-label="Title and description">
      <Flex direction="column" gap="3">
        {edit.error ? <Notice>{edit.error}</Notice> : null}
        {describing ? (
          <Flex gap="2" align="center" role="status">
            <Spinner />
            <Text size="2">{ASSISTANT_TEXTS.thinking}</Text>
          </Flex>
        ) : null}
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor="assistant-edit-title" size="2" weight="medium">
            Title
          </Text>
          <RadixTextField.Root id="assistant-edit-title" name="title" defaultValue={edit.title} key={`t-${edit.title}`} maxLength={200} />
          <ErrorList id="assistant-edit-title-error" errors={errors?.title} />
          <FieldActions field="title" intent="edit-field" FormTag={FormTag} action={data.self} busy={busy} label="Title" />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" htmlFor="assistant-edit-description" size="2" weight="medium">
            Description
          </Text>
          <TextArea
            id="assistant-edit-description"
            name="description"
            defaultValue={edit.description}
            key={`d-${edit.description}`}
            rows={6}
            maxLength={4000}
          />
          <ErrorList id="assistant-edit-description-error" errors={errors?.description} />
          {describe ? (
            <Flex>
              <Button ref={describeButton} type="submit" name="intent" value="edit-describe" variant="soft" disabled={describing}>
                Write a description from the title
              </Button>
            </Flex>
          ) : null}
          <FieldActions field="description" intent="edit-field" FormTag={FormTag} action={data.self} busy={busy} label="Description" />
        </Flex>
        <Flex>
          <Tooltip content={ASSISTANT_TEXTS.useTooltip}>
            <Button type="submit" name="intent" value="edit-use" title={ASSISTANT_TEXTS.useTooltip}>
              Use
            </Button>
          </Tooltip>
        </Flex>
      </Flex>
    </FormTag>
  );
}

export function AssistantPanel(props: PanelProps) {
  const { data, actionData, FormTag, busy, onRunEnded, closeButton } = props;
  const hydrated = useHydrated();
  const { screen } = data;
  const [prompt, setPrompt] = useState('');
  const running = screen.run !== null && !hasEnded(screen.run.state);
  const promptErrors = actionData?.result?.error?.prompt;
  const formErrors = actionData?.result?.error?.[''];
  const openKey = screen.open ?? null;

  return (
    <Flex direction="column" gap="4" className="assistant-panel" data-testid="assistant-panel">
      {screen.offline ? <Notice tone="info">{screen.offlineMessage}</Notice> : null}
      {actionData?.message ? <Notice tone={actionData.reload ? 'success' : 'error'}>{actionData.message}</Notice> : null}
      {screen.edit ? (
        <EditOnly {...props} />
      ) : (
        <>
          <FormTag method="post" action={data.self} aria-label="New prompt">
            <input type="hidden" name="contextTitle" value={data.context.title} />
            <input type="hidden" name="contextLocation" value={data.context.location} />
            <input type="hidden" name="contextWhen" value={data.context.when} />
            <Flex direction="column" gap="2">
              <Text as="label" htmlFor="assistant-prompt" size="2" weight="medium">
                Prompt
              </Text>
              <TextArea
                id="assistant-prompt"
                name="prompt"
                placeholder={ASSISTANT_TEXTS.placeholder}
                rows={3}
                maxLength={1000}
                defaultValue={typeof actionData?.result?.initialValue?.prompt === 'string' ? actionData.result.initialValue.prompt : ''}
                onChange={(event) => setPrompt(event.currentTarget.value)}
                aria-invalid={promptErrors?.length ? true : undefined}
                aria-describedby={promptErrors?.length ? 'assistant-prompt-error' : undefined}
                data-autofocus=""
              />
              <ErrorList id="assistant-prompt-error" errors={promptErrors} />
              <ErrorList id="assistant-form-error" errors={formErrors} />
              <Flex gap="3" align="end" wrap="wrap">
                <Flex direction="column" gap="1">
                  <Text as="label" size="2" htmlFor="assistant-app-type">
                    Resort / Local Area
                  </Text>
                  <select id="assistant-app-type" name="appType" className="form-control" defaultValue="">
                    <option value="">Either</option>
                    <option value="resort">Resort</option>
                    <option value="city">Local Area</option>
                  </select>
                </Flex>
                <Button
                  type="submit"
                  name="intent"
                  value="search"
                  loading={busy === 'search'}
                  // Disabled while the prompt is empty or a run is under way (without JavaScript the server says what is missing).
                  disabled={running || (hydrated && prompt.trim() === '')}
                >
                  Search
                </Button>
              </Flex>
            </Flex>
          </FormTag>
          {screen.run ? <Thinking key={screen.run.id} data={data} onRunEnded={onRunEnded} /> : null}
          <Flex direction="column" gap="2">
            <Heading as="h2" size="3">
              History
            </Heading>
            {screen.prompts.length === 0 ? (
              <Text size="2" color="gray">
                {ASSISTANT_TEXTS.noHistory}
              </Text>
            ) : (
              screen.prompts.map((item, index) => (
                <details
                  key={item.key}
                  className="assistant-prompt"
                  open={item.key === openKey || (openKey === null && index === 0)}
                  data-testid="assistant-prompt"
                >
                  <summary>
                    <Text size="2" weight="medium">
                      {item.header}
                    </Text>{' '}
                    <Badge size="1" color="gray">
                      {item.responses.length === 1 ? '1 response' : `${item.responses.length} responses`}
                    </Badge>
                  </summary>
                  <Flex direction="column" gap="2" pt="2" pl="3">
                    {item.responses.length === 0 && running ? (
                      <Text size="2" color="gray">
                        {ASSISTANT_TEXTS.thinking}
                      </Text>
                    ) : null}
                    {item.responses.map((response) => (
                      <Response
                        key={response.key}
                        data={data}
                        promptKey={item.key}
                        response={response}
                        // A single response opens by itself (spec 02 §4).
                        open={item.responses.length === 1}
                        FormTag={FormTag}
                        busy={busy}
                      />
                    ))}
                  </Flex>
                </details>
              ))
            )}
          </Flex>
        </>
      )}
      <Flex gap="3" justify="end" className="assistant-footer">
        {closeButton}
      </Flex>
    </Flex>
  );
}
