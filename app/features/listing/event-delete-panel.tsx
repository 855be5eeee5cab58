import { Button, Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import { Form } from '~/components/forms/form';
import { DialogCancelLink } from '~/components/ui/confirm-dialog';
import { PageDialog } from '~/components/ui/dialog';
import { EVENT_TEXTS } from '~/schemas/event';
import type { DeleteAnswers, EventDeleteData } from './event-delete.server';

/** The answers given so far, as hidden fields of the next dialog's forms. */
function Answered({ answers }: { answers: DeleteAnswers }) {
  return (
    <>
      {answers.calendars !== null ? (
        <>
          <input type="hidden" name="calendarsChosen" value="1" />
          {answers.calendars.map((id) => (
            <input key={id} type="hidden" name="calendar" value={id} />
          ))}
        </>
      ) : null}
      {answers.scope ? <input type="hidden" name="scope" value={answers.scope} /> : null}
      {answers.imported ? <input type="hidden" name="imported" value={answers.imported} /> : null}
    </>
  );
}

/** One button of a dialog: its own form, posting the answers so far and its own. */
function Choice({
  data,
  fields,
  children,
  color,
}: {
  data: EventDeleteData;
  fields: Record<string, string>;
  children: ReactNode;
  color?: 'red';
}) {
  return (
    <Form method="post" action={data.formAction}>
      <Answered answers={data.answers} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" name="intent" value="delete" color={color} variant={color ? 'solid' : 'soft'}>
        {children}
      </Button>
    </Form>
  );
}

/** Cancel; in a question whose other answers all delete, the focus starts on it (the safe choice). */
function Cancel({ href, safeChoice = false }: { href: string; safeChoice?: boolean }) {
  return <DialogCancelLink to={href} safeChoice={safeChoice} />;
}

/**
 * The dialogs of one event's delete (spec 02 §4, §8; spec 03 "Public calendar events"), one at
 * a time, each answered by a form post (./event-delete.server.ts).
 */
export function EventDeletePanel({ data }: { data: EventDeleteData }) {
  const description = (
    <>
      {data.text} <Text weight="medium">{`"${data.eventTitle}"`}</Text>
    </>
  );
  const error = data.error ? (
    <Text as="p" color="red" role="alert" size="2">
      {data.error}
    </Text>
  ) : null;

  if (data.step === 'calendars') {
    return (
      <PageDialog
        title={data.title}
        role="alertdialog"
        description={description}
        cancelHref={data.cancelHref}
        actions={
          <Form method="post" action={data.formAction}>
            <Answered answers={{ ...data.answers, calendars: null }} />
            <input type="hidden" name="calendarsChosen" value="1" />
            <fieldset className="event-delete-calendars">
              <legend>Calendars</legend>
              <Flex direction="column" gap="1" mb="3">
                {data.calendars.map((calendar) => (
                  <Text as="label" size="2" key={calendar.id}>
                    <Flex gap="2" align="center">
                      <input type="checkbox" name="calendar" value={calendar.id} defaultChecked={calendar.checked} />
                      {calendar.title}
                    </Flex>
                  </Text>
                ))}
              </Flex>
            </fieldset>
            {error}
            <Flex gap="3">
              <Button type="submit" name="intent" value="delete" color="red">
                Delete
              </Button>
              <Cancel href={data.cancelHref} />
            </Flex>
          </Form>
        }
      />
    );
  }

  const actions =
    data.step === 'recurrence' ? (
      <Flex gap="3" wrap="wrap">
        <Choice data={data} fields={{ scope: 'event' }} color="red">
          {EVENT_TEXTS.deleteEventTitle}
        </Choice>
        <Choice data={data} fields={{ scope: 'recurrence' }}>
          {EVENT_TEXTS.deleteRecurrenceTitle}
        </Choice>
        <Cancel href={data.cancelHref} safeChoice />
      </Flex>
    ) : data.step === 'imported' ? (
      <Flex gap="3" wrap="wrap">
        <Choice data={data} fields={{ imported: 'forever' }} color="red">
          {EVENT_TEXTS.deleteForever}
        </Choice>
        <Choice data={data} fields={{ imported: 'allow' }}>
          {EVENT_TEXTS.deleteAllowImports}
        </Choice>
        <Cancel href={data.cancelHref} safeChoice />
      </Flex>
    ) : (
      <Flex gap="3">
        <Choice data={data} fields={{ confirmed: '1' }} color="red">
          Delete
        </Choice>
        <Cancel href={data.cancelHref} safeChoice />
      </Flex>
    );
  return (
    <PageDialog title={data.title} role="alertdialog" description={description} cancelHref={data.cancelHref} actions={actions}>
      {error}
    </PageDialog>
  );
}
