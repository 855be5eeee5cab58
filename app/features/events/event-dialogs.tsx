import { Button, Heading, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Form } from '~/components/forms/form';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { DIALOG_CANCEL, PageDialog } from '~/components/ui/dialog';
import { EVENT_TEXTS } from '~/schemas/event';
import type { EventEditorActionData, EventEditorData } from './editor.server';
import { EventPreview } from './event-preview';
import { EVENT_EDITOR_TEXTS, EVENT_RETURN_TO_FIELD } from './texts';

/**
 * The event editor's questions (spec 02 §4, §5, §8): 'Edit Recurrence', the notification
 * questions after a save, Deny Event's confirmation and the 'Error' dialog. They are page
 * dialogs whose answers are links and form posts, so they work without JavaScript.
 */

export function EditorHeading({ data }: { data: EventEditorData }) {
  return (
    <>
      <Heading as="h1" size="6" mb="1">
        {data.heading}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {data.calendar.title}
      </Text>
    </>
  );
}

/** Spec 02 §4: an occurrence of a recurrence opens on this question. */
export function ScopeQuestion({ data, ask }: { data: EventEditorData; ask: NonNullable<EventEditorData['askScope']> }) {
  return (
    <div className="business-editor">
      <div className="business-editor-form">
        <EditorHeading data={data} />
        <ConfirmDialog
          title={EVENT_TEXTS.editRecurrenceTitle}
          description={EVENT_EDITOR_TEXTS.editRecurrence}
          cancelHref={data.returnTo}
          answers={
            <>
              <Button asChild variant="soft">
                <Link to={ask.eventHref} data-autofocus>
                  {EVENT_EDITOR_TEXTS.editRecurrenceOne}
                </Link>
              </Button>
              <Button asChild>
                <Link to={ask.recurrenceHref}>{EVENT_EDITOR_TEXTS.editRecurrenceAll}</Link>
              </Button>
            </>
          }
        />
      </div>
      <div className="business-editor-preview">
        <EventPreview model={data.preview} header={data.header} />
      </div>
    </div>
  );
}

/** Spec 02 §4 "After saving an event", §8 texts. */
export function FollowUp({ data, followUp }: { data: EventEditorData; followUp: NonNullable<EventEditorActionData['followUp']> }) {
  const removedText = followUp.removed > 0 ? EVENT_TEXTS.notificationsRemoved(followUp.removed) : null;
  return (
    <div className="business-editor-form">
      <EditorHeading data={data} />
      {followUp.ask.length > 0 ? (
        <ConfirmDialog
          title={EVENT_TEXTS.updateNotificationsTitle}
          description={EVENT_TEXTS.updateNotifications}
          cancelHref={followUp.returnTo}
          cancelLabel="No"
          answers={
            <Form method="post" action={data.formAction}>
              <input type="hidden" name="intent" value="update-notifications" />
              <input type="hidden" name={EVENT_RETURN_TO_FIELD} value={followUp.returnTo} />
              {followUp.ask.map((id) => (
                <input key={id} type="hidden" name="eventIds" value={id} />
              ))}
              <Button type="submit" data-autofocus>
                Yes
              </Button>
            </Form>
          }
        >
          {removedText ? <Text as="p">{removedText}</Text> : null}
        </ConfirmDialog>
      ) : (
        <PageDialog
          title={EVENT_TEXTS.notificationsRemovedTitle}
          description={removedText}
          role="dialog"
          cancelHref={followUp.returnTo}
          actions={
            <Button asChild>
              <Link to={followUp.returnTo} data-autofocus {...{ [DIALOG_CANCEL]: '' }}>
                OK
              </Link>
            </Button>
          }
        />
      )}
    </div>
  );
}

/** Deny Event asks first; Cancel goes back to the pending event, Deny Event denies it. */
export function DenyQuestion({ data }: { data: EventEditorData }) {
  return (
    <div className="business-editor-form">
      <EditorHeading data={data} />
      <ConfirmDialog
        title={EVENT_EDITOR_TEXTS.denyTitle}
        description={EVENT_EDITOR_TEXTS.denyQuestion}
        cancelHref={data.formAction}
        safeChoice
        answers={
          <Form method="post" action={data.formAction}>
            <input type="hidden" name="intent" value="deny-event" />
            <input type="hidden" name="confirm" value="yes" />
            <input type="hidden" name={EVENT_RETURN_TO_FIELD} value={data.returnTo} />
            <Button type="submit" color="red">
              {EVENT_EDITOR_TEXTS.denyTitle}
            </Button>
          </Form>
        }
      />
    </div>
  );
}

/** The 'Error' dialog with OK (spec 02 §5): OK closes it (without JavaScript, the dialog form closes the <dialog> itself). */
export function ErrorDialog({ message, answer }: { message: string; answer: unknown }) {
  const [open, setOpen] = useState(true);
  // Each refused post shows it again, even when it is the same as the last.
  useEffect(() => setOpen(true), [answer]);
  if (!open) return null;
  return (
    <PageDialog
      title={EVENT_TEXTS.errorTitle}
      description={message}
      onDismiss={() => setOpen(false)}
      actions={
        <form method="dialog">
          <Button
            type="submit"
            data-autofocus
            onClick={(event) => {
              event.preventDefault();
              setOpen(false);
            }}
          >
            OK
          </Button>
        </form>
      }
    />
  );
}
