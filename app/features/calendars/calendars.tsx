import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { FormErrors, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { ListPage, ListPageAction } from '~/components/list-page';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { CALENDAR_SCREEN_TEXTS as T, calendarPaths } from '~/lib/calendars';
import { inPanel } from '~/lib/listing/urls';
import { newCalendarSchema } from '~/schemas/calendar-config';
import type { CalendarsData, CreateCalendarActionData, DeleteCalendarData } from './calendars.server';

/**
 * Manage Calendars (spec 02 "Calendars"): the community's calendars in the centre, each with
 * its events, Print, Config and Delete; the right column is the child route (the actions, the
 * Create Calendar form, the delete confirmation).
 */
export function ManageCalendarsScreen({ data, panel }: { data: CalendarsData; panel: ReactNode }) {
  return (
    <ListPage
      heading={T.heading}
      panelLabel="Calendar actions"
      panel={panel}
      items={data.calendars}
      empty={T.empty}
      listLabel="Calendars"
      itemKey={(calendar) => calendar.calendarId}
      renderItem={(calendar) => (
        <Flex align="center" justify="between" gap="3" wrap="wrap" py="3">
          <ThemeLink asChild weight="bold" size="3" underline="hover">
            <Link to={calendar.eventsHref}>{calendar.title}</Link>
          </ThemeLink>
          <Flex gap="2" wrap="wrap">
            <Button asChild variant="soft" size="1">
              <Link to={calendar.eventsHref} aria-label={`Events of ${calendar.title}`}>
                Events
              </Link>
            </Button>
            <Button asChild variant="soft" size="1">
              <Link to={calendar.printHref} aria-label={`Print ${calendar.title}`}>
                Print
              </Link>
            </Button>
            <Button asChild variant="soft" size="1">
              <Link to={calendar.configHref} aria-label={`Config of ${calendar.title}`}>
                Config
              </Link>
            </Button>
            <Button asChild variant="soft" color="red" size="1">
              <Link to={inPanel(calendar.deleteHref)} aria-label={`Delete ${calendar.title}`}>
                Delete
              </Link>
            </Button>
          </Flex>
        </Flex>
      )}
    />
  );
}

/** The right column when no form is open: Create Calendar. */
export function CalendarActions() {
  return <ListPageAction heading="Calendars" to={calendarPaths.add} label={T.createHeading} />;
}

/** Create Calendar: its title ('Calendar title is required.'); the id comes from it (spec 02 §5). */
export function CreateCalendarForm({ actionData }: { actionData: CreateCalendarActionData | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'calendar-new',
    lastResult: actionData?.result,
    constraint: getZodConstraint(newCalendarSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newCalendarSchema }),
  });
  return (
    <Form
      method="post"
      action={calendarPaths.add}
      {...getFormProps(form)}
      data-hydrated={hydrated ? '' : undefined}
      aria-labelledby={`${form.id}-heading`}
    >
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id={`${form.id}-heading`}>
          {T.createHeading}
        </Heading>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.title} label="Calendar Title" />
        <Flex gap="3" pt="2" wrap="wrap">
          <Button type="submit" name="intent" value="save" loading={navigation.state === 'submitting'}>
            Create
          </Button>
          <Button asChild variant="soft" color="gray">
            <Link to={calendarPaths.list}>Cancel</Link>
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

/** 'Are you certain you want to delete this calendar and all its events?' (a page of its own without JavaScript). */
export function DeleteCalendarDialog({ data }: { data: DeleteCalendarData }) {
  return (
    <ConfirmDialog
      title={T.deleteTitle}
      description={data.text}
      cancelHref={calendarPaths.list}
      form={{ action: data.calendar.deleteHref }}
      answers={
        <Button type="submit" name="intent" value="delete" color="red">
          Delete
        </Button>
      }
    >
      <Text as="p">
        Calendar: <strong>{data.calendar.title}</strong>
      </Text>
    </ConfirmDialog>
  );
}
