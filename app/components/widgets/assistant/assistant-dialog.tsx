import { Button, Flex, Spinner, Text } from '@radix-ui/themes';
import { useFetcher } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormCommunityField } from '~/components/forms/form';
import { PageDialog } from '~/components/ui/dialog';
import { AssistantPanel, type FormTag } from './assistant-panel';
import { ASSISTANT_TEXTS } from './texts';
import type { AssistantActionData, AssistantPageData } from './types';

/**
 * The AI writing assistant as a dialog over an editor (with JavaScript): the assistant's page read
 * with a fetcher, its buttons posted with another (`dialog=1`, so the answers are data and the
 * editor behind keeps what is typed). Use hands the texts to `onUse` and closes the dialog.
 */

function withQuery(href: string, changes: Record<string, string | null>): string {
  const url = new URL(href, 'http://app.invalid');
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return `${url.pathname}${url.search}`;
}

export function AssistantDialog({
  href,
  onUse,
  onClose,
}: {
  href: string;
  onUse: (texts: { title: string | null; description: string | null }) => void;
  onClose: () => void;
}) {
  const page = useFetcher<AssistantPageData>();
  const poster = useFetcher<AssistantActionData>();
  const [source, setSource] = useState(href);
  const { load } = page;
  useEffect(() => {
    void load(source);
  }, [load, source]);

  // What a post answered: Use closes the dialog; a run is followed; a change is read again.
  const handled = useRef<AssistantActionData | null>(null);
  useEffect(() => {
    const answer = poster.data;
    if (poster.state !== 'idle' || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.use) {
      onUse(answer.use);
      onClose();
    } else if (answer.run) setSource(withQuery(href, { run: answer.run.jobId, open: answer.run.promptKey }));
    else if (answer.reload) void load(source);
  }, [poster.state, poster.data, onUse, onClose, href, load, source]);

  const PosterForm = poster.Form;
  const DialogForm = useMemo<FormTag>(
    () =>
      function DialogForm({ children, ...props }) {
        return (
          <PosterForm {...props}>
            <FormCommunityField />
            <input type="hidden" name="dialog" value="1" />
            {children}
          </PosterForm>
        );
      },
    [PosterForm],
  );
  const onRunEnded = useCallback(() => setSource((current) => withQuery(current, { run: null })), []);
  const posting = poster.state === 'submitting' ? poster.formData?.get('intent') : null;
  const data = page.data;

  return (
    <PageDialog
      role="dialog"
      title={ASSISTANT_TEXTS.heading}
      onDismiss={onClose}
      className="assistant-dialog"
      actions={
        <Button type="button" variant="soft" color="gray" onClick={onClose} data-dialog-cancel="">
          {data?.screen.edit ? 'Cancel' : 'Close'}
        </Button>
      }
    >
      {data ? (
        <AssistantPanel
          data={data}
          actionData={poster.data}
          FormTag={DialogForm}
          busy={typeof posting === 'string' ? posting : null}
          onRunEnded={onRunEnded}
          closeButton={null}
        />
      ) : (
        <Flex gap="2" align="center" role="status">
          <Spinner />
          <Text size="2">Loading…</Text>
        </Flex>
      )}
    </PageDialog>
  );
}
