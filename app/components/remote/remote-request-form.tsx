import type { SubmissionResult } from '@conform-to/react';
import { Button, Flex, Text } from '@radix-ui/themes';
import { ErrorList } from '~/components/forms/error-list';
import { Form } from '~/components/forms/form';
import { REMOTE_ADMIN_TEXTS, REMOTE_REQUEST_ACTIONS, REMOTE_REQUEST_TEXTS as T, MAX_REQUEST_MESSAGE } from '~/schemas/remote-admin';

/**
 * 'Update Permissions' (spec 03 §6 remote trays): the remote manager asks the community's
 * administrators for a change to their access (remoteRequestSchema). Rendered in its own
 * `<Form method="post">` on the remote page; its submit button carries the page's intent.
 * Starts from the grant's own relationship and permissions; after a failed post it shows what
 * was typed (lastResult) with the errors.
 */
export interface RemoteRequestFormProps {
  intentName: string;
  intentValue: string;
  lastResult?: SubmissionResult | null;
  grant: { title: string; editInfo: boolean; addButtons: boolean; sendNotifications: boolean; origContext: string };
}

type Posted = Record<string, unknown>;

export function RemoteRequestForm({ intentName, intentValue, lastResult, grant }: RemoteRequestFormProps) {
  const posted = (lastResult?.initialValue ?? null) as Posted | null;
  const postedInfo = (posted?.remoteInfo ?? null) as Posted | null;
  const errors = lastResult?.error ?? {};
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
  const flag = (key: 'editInfo' | 'addButtons' | 'sendNotifications') => (posted ? postedInfo?.[key] === 'on' : grant[key]);
  const action = text(posted?.action, 'modify');
  const id = 'remote-request';
  const described = (field: string) => (errors[field] ? `${id}-${field.replace('.', '-')}-error` : undefined);

  return (
    <Form method="post" className="remote-request" aria-labelledby={`${id}-heading`} noValidate>
      <Flex direction="column" gap="3">
        <Text as="p" id={`${id}-heading`} size="3" weight="bold">
          {T.heading}
        </Text>
        <ErrorList errors={errors[''] ?? null} />
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={`${id}-action`}>
            {T.action}
          </Text>
          <select
            id={`${id}-action`}
            name="action"
            className="form-control"
            defaultValue={action}
            aria-invalid={errors.action ? true : undefined}
            aria-describedby={described('action')}
          >
            {REMOTE_REQUEST_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {T.actionLabels[value]}
              </option>
            ))}
          </select>
          <ErrorList id={`${id}-action-error`} errors={errors.action} />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={`${id}-title`}>
            {T.title}
          </Text>
          <input
            id={`${id}-title`}
            name="remoteInfo.title"
            className="form-control"
            defaultValue={text(postedInfo?.title, grant.title)}
            aria-invalid={errors['remoteInfo.title'] ? true : undefined}
            aria-describedby={described('remoteInfo.title')}
          />
          <ErrorList id={`${id}-remoteInfo-title-error`} errors={errors['remoteInfo.title']} />
        </Flex>
        <input type="hidden" name="remoteInfo.origContext" value={grant.origContext} />
        <fieldset className="remote-request-permissions">
          <legend>{T.permissions}</legend>
          <Flex gap="3" wrap="wrap">
            {(['editInfo', 'addButtons', 'sendNotifications'] as const).map((key) => (
              <Text key={key} as="label" size="2" className="form-check" htmlFor={`${id}-${key}`}>
                <input id={`${id}-${key}`} type="checkbox" name={`remoteInfo.${key}`} defaultChecked={flag(key)} />
                {REMOTE_ADMIN_TEXTS[key]}
              </Text>
            ))}
          </Flex>
        </fieldset>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={`${id}-message`}>
            {T.message}
          </Text>
          <textarea
            id={`${id}-message`}
            name="message"
            rows={4}
            maxLength={MAX_REQUEST_MESSAGE}
            className="form-control"
            defaultValue={text(posted?.message, '')}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={[`${id}-message-hint`, described('message')].filter(Boolean).join(' ')}
          />
          <Text id={`${id}-message-hint`} size="1" color="gray">
            {T.messageHint}
          </Text>
          <ErrorList id={`${id}-message-error`} errors={errors.message} />
        </Flex>
        <div>
          <Button type="submit" name={intentName} value={intentValue}>
            {T.submit}
          </Button>
        </div>
      </Flex>
    </Form>
  );
}
