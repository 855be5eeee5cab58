import { Button, Flex, Text } from '@radix-ui/themes';
import { Link, useFetcher } from '@remix-run/react';
import { useState, type MouseEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { JobProgress } from '~/components/job-progress/job-progress';
import { PageDialog } from '~/components/ui/dialog';
import { EXPORT_TEXTS, type ExportIntent } from '~/lib/entries-export';
import type { ListScreenData } from '~/lib/listing/screen';
import type { EntriesScreenData } from './entries.server';
import type { ExportActionData } from './export.server';

/**
 * Export, Export Photos and Export Files on the entries screen (spec 02 §4 "Listing actions",
 * "Analytics / export": a waiting dialog, then a Download button). They sit in the list's bulk
 * form, so they post the rows ticked (or select-all) with the list's filters in its address.
 * Without JavaScript the post leads to the export's job-status page; with it the post is made
 * in the background (`dialog=1`) and the waiting dialog follows the job to its Download button,
 * or says what went wrong ('No data to export', title Error).
 */

const BUTTONS: Array<{ intent: ExportIntent; label: string }> = [
  { intent: 'export', label: EXPORT_TEXTS.export },
  { intent: 'export-photos', label: EXPORT_TEXTS.exportPhotos },
  { intent: 'export-files', label: EXPORT_TEXTS.exportFiles },
];

export function EntriesExportButtons({ data, kind }: { data: ListScreenData; kind: EntriesScreenData['kind'] }) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ExportActionData>();
  const [open, setOpen] = useState(false);
  const buttons = kind === 'hunt' ? BUTTONS.filter((button) => button.intent !== 'export-files') : BUTTONS;

  const submit = (event: MouseEvent<HTMLButtonElement>) => {
    const button = event.currentTarget;
    const form = button.form;
    if (!form) return;
    event.preventDefault();
    const body = new FormData(form, button);
    body.set('dialog', '1');
    fetcher.submit(body, { method: 'post', action: data.bulkAction });
    setOpen(true);
  };

  const answered = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <>
      {buttons.map((button) => (
        <Button
          key={button.intent}
          type="submit"
          name="intent"
          value={button.intent}
          variant="soft"
          size="1"
          onClick={hydrated ? submit : undefined}
          disabled={hydrated && fetcher.state !== 'idle'}
        >
          {button.label}
        </Button>
      ))}
      {open ? (
        answered?.kind === 'export-error' ? (
          <PageDialog
            title={answered.title}
            description={answered.text}
            onDismiss={() => setOpen(false)}
            actions={
              <Button type="button" onClick={() => setOpen(false)} data-dialog-cancel="">
                {EXPORT_TEXTS.ok}
              </Button>
            }
          />
        ) : (
          <PageDialog
            title={EXPORT_TEXTS.waitingTitle}
            role="dialog"
            onDismiss={() => setOpen(false)}
            actions={
              <Button type="button" variant="soft" color="gray" onClick={() => setOpen(false)} data-dialog-cancel="">
                {EXPORT_TEXTS.close}
              </Button>
            }
          >
            {answered?.kind === 'export-job' ? (
              <JobProgress key={answered.job.id} view={answered.job} back={answered.back} downloadButton />
            ) : (
              <Flex direction="column" gap="2">
                <progress aria-label="Export progress" />
                <Text size="2" role="status">
                  Starting the export.
                </Text>
              </Flex>
            )}
          </PageDialog>
        )
      ) : null}
    </>
  );
}

/** 'No data to export' (title Error) after a post without JavaScript: OK leads back to the list. */
export function ExportErrorDialog({ title, text, closeHref }: { title: string; text: string; closeHref: string }) {
  return (
    <PageDialog
      title={title}
      description={text}
      cancelHref={closeHref}
      actions={
        <Button asChild>
          <Link to={closeHref} data-dialog-cancel="">
            {EXPORT_TEXTS.ok}
          </Link>
        </Button>
      }
    />
  );
}
