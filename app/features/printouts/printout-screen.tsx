import { getFormProps, useForm } from '@conform-to/react';
import { Button, Callout, Card, Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import { Form as RemixForm, Link, useNavigate, useNavigation } from '@remix-run/react';
import { useState, type FormEvent } from 'react';
import { CheckboxField, FormErrors, Section, SelectField, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { validateOnSave } from '~/components/forms/validate';
import { ShellColumns } from '~/components/shell/shell-columns';
import { DateTimePicker } from '~/components/widgets/date-time-picker';
import { ImageUploader } from '~/components/widgets/image-uploader';
import { RichTextField } from '~/components/widgets/rich-text';
import { parseDateTimeField } from '~/lib/date-time';
import { hrefs } from '~/lib/hrefs';
import {
  DEFAULT_DAYS,
  FONT_SIZES,
  HEADER_PRINT_PX,
  PRINTOUT_TEXTS as T,
  PRINTOUT_TYPE_LABELS,
  PRINTOUT_TYPES,
  printoutPaths,
} from '~/lib/printout';
import { printoutSchema } from '~/schemas/printout';
import type { PrintoutActionData, PrintoutPageData } from './printout.server';

const DAY_MS = 24 * 3600 * 1000;
/** How far back the date pickers' calendars go (a printout of past days is allowed). */
const PICKER_PAST_MS = 366 * DAY_MS;

const FONT_CHOICES = FONT_SIZES.map((size) => ({ value: String(size), label: `${size} px` }));
const TYPE_CHOICES = PRINTOUT_TYPES.map((type) => ({ value: type, label: PRINTOUT_TYPE_LABELS[type] }));

/** The instant a refused post held for a date picker (its typed date wins, as the server reads it). */
function postedDay(posted: Record<string, unknown> | null | undefined, name: string, timeZone: string): number | undefined {
  if (!posted) return undefined;
  const text = (key: string) => (typeof posted[key] === 'string' ? (posted[key] as string) : undefined);
  const parsed = parseDateTimeField({ value: text(name), date: text(`${name}-date`) }, timeZone, { withTime: false, required: false });
  return parsed.value === null ? undefined : parsed.value + 12 * 3600 * 1000;
}

export function PrintoutScreen({ data, actionData }: { data: PrintoutPageData; actionData: PrintoutActionData | undefined }) {
  return <ShellColumns centre={<PrintoutPage data={data} actionData={actionData} />} />;
}

function PrintoutPage({ data, actionData }: { data: PrintoutPageData; actionData: PrintoutActionData | undefined }) {
  return (
    <Flex direction="column" gap="4" className="printout-screen">
      <Heading as="h1" size="6">
        {T.heading}
        {data.calendarTitle ? `: ${data.calendarTitle}` : ''}
      </Heading>
      <CalendarChooser data={data} />
      {data.calendarId ? (
        <PrintoutForm key={data.calendarId} data={data} calendarId={data.calendarId} actionData={actionData} />
      ) : (
        <Callout.Root color="gray" role="status">
          <Callout.Text>
            {T.noCalendars}{' '}
            <ThemeLink asChild>
              <Link to={hrefs.calendars()}>Manage Calendars</Link>
            </ThemeLink>
          </Callout.Text>
        </Callout.Root>
      )}
    </Flex>
  );
}

/** The calendar choice: a GET form (Open), and with JavaScript the page follows the choice at once. */
function CalendarChooser({ data }: { data: PrintoutPageData }) {
  const navigate = useNavigate();
  if (data.calendars.length === 0) return null;
  return (
    <RemixForm method="get" action={printoutPaths.page()}>
      <Flex gap="2" align="end" wrap="wrap">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="printout-calendar">
            {T.calendar}
          </Text>
          <select
            id="printout-calendar"
            name="calendar"
            className="form-control"
            defaultValue={data.calendarId ?? ''}
            onChange={(event) => navigate(printoutPaths.page(event.currentTarget.value))}
          >
            {data.calendars.map((calendar) => (
              <option key={calendar.calendarId} value={calendar.calendarId}>
                {calendar.title}
              </option>
            ))}
          </select>
        </Flex>
        <Button type="submit" variant="soft">
          Open
        </Button>
      </Flex>
    </RemixForm>
  );
}

function PrintoutForm({
  data,
  calendarId,
  actionData,
}: {
  data: PrintoutPageData;
  calendarId: string;
  actionData: PrintoutActionData | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const schema = printoutSchema(data.timeZone);
  const template = data.template;
  const [form, fields] = useForm({
    id: `printout-${calendarId}`,
    lastResult: actionData?.result,
    defaultValue: {
      calendarId,
      type: data.defaults.type,
      eventsPerColumn: data.defaults.eventsPerColumn,
      titleFontSize: data.defaults.titleFontSize,
      textFontSize: data.defaults.textFontSize,
      headerText: template.headerText,
      headerScrim: template.headerScrim ? 'on' : undefined,
      scrimFade: template.scrimFade ? 'on' : undefined,
      rightColumnTitle: template.rightColumnTitle,
      rightColumnContent: template.rightColumnContent,
      leftSectionContent: template.leftSectionContent,
      midSectionContent: template.midSectionContent,
      rightSectionContent: template.rightSectionContent,
      footerContent: template.footerContent,
    },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateOnSave(schema, ['print', 'save-template']),
  });
  const posted = actionData?.result.initialValue as Record<string, unknown> | null | undefined;
  const headerDrawable = actionData?.headerDrawable ?? template.headerDrawable;
  // Spec 02 §5: the end date is kept after the start date. With JavaScript a start moved past the
  // end moves the end with it (the range keeps its default length); the server checks it anyway.
  const [endMoved, setEndMoved] = useState<{ value: number; key: number } | null>(null);
  const keepEndAfterStart = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || target.name !== 'startDate' || target.value === '') return;
    const start = Number(target.value);
    const end = target.form?.elements.namedItem('endDate');
    const endValue = end instanceof HTMLInputElement && end.value !== '' ? Number(end.value) : NaN;
    if (!Number.isFinite(start) || (Number.isFinite(endValue) && endValue >= start)) return;
    setEndMoved((previous) => ({ value: start + (DEFAULT_DAYS - 1) * DAY_MS + 12 * 3600 * 1000, key: (previous?.key ?? 0) + 1 }));
  };
  const notice = actionData?.notice;
  return (
    <Form
      method="post"
      action={printoutPaths.page(calendarId)}
      encType="multipart/form-data"
      {...getFormProps(form)}
      onInput={keepEndAfterStart}
    >
      <input type="hidden" name="calendarId" value={calendarId} />
      <input type="hidden" name="headerDrawable" value={headerDrawable} />
      <Flex direction="column" gap="4">
        {notice ? (
          <Callout.Root color={notice.kind === 'error' ? 'red' : 'green'} role={notice.kind === 'error' ? 'alert' : 'status'}>
            <Callout.Text>{notice.text}</Callout.Text>
          </Callout.Root>
        ) : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <Card size="2">
          <Flex direction="column" gap="3">
            <Flex gap="4" wrap="wrap">
              <DateTimePicker
                name="startDate"
                label={T.startDate}
                defaultValue={postedDay(posted, 'startDate', data.timeZone) ?? data.defaults.start}
                timeZone={data.timeZone}
                withTime={false}
                min={data.now - PICKER_PAST_MS}
                now={data.now}
                errors={fields.startDate.errors}
              />
              <DateTimePicker
                key={`end-${endMoved?.key ?? 0}`}
                name="endDate"
                label={T.endDate}
                defaultValue={endMoved?.value ?? postedDay(posted, 'endDate', data.timeZone) ?? data.defaults.end}
                timeZone={data.timeZone}
                withTime={false}
                min={data.now - PICKER_PAST_MS}
                now={data.now}
                errors={fields.endDate.errors}
              />
            </Flex>
            <Flex gap="4" wrap="wrap" className="printout-options">
              <SelectField field={fields.type} label={T.type} choices={TYPE_CHOICES} />
              <TextField field={fields.eventsPerColumn} label={T.eventsPerColumn} type="number" hint={T.eventsPerColumnHint} />
              <SelectField field={fields.titleFontSize} label={T.titleFontSize} choices={FONT_CHOICES} />
              <SelectField field={fields.textFontSize} label={T.textFontSize} choices={FONT_CHOICES} />
            </Flex>
          </Flex>
        </Card>

        <Section title={T.editHeaderImage} section="header" open>
          {headerDrawable ? (
            <Flex direction="column" gap="2">
              <img
                src={headerDrawable}
                alt={T.headerImage}
                className="printout-header-preview"
                style={{
                  width: '100%',
                  maxWidth: 744,
                  aspectRatio: `${HEADER_PRINT_PX.width} / ${HEADER_PRINT_PX.height}`,
                  objectFit: 'cover',
                  borderRadius: 4,
                }}
              />
              <div>
                <Button type="submit" name="intent" value="remove-header" variant="soft" color="gray" formNoValidate>
                  {T.removeHeader}
                </Button>
              </div>
            </Flex>
          ) : null}
          <ImageUploader
            name="headerFile"
            cropName="headerCrop"
            label={T.headerImage}
            accept={data.upload.accept}
            maxBytes={data.upload.maxBytes}
            tooLargeMessage={data.upload.tooLargeMessage}
            aspectRatio={HEADER_PRINT_PX.width / HEADER_PRINT_PX.height}
            submitName="intent"
            submitValue="upload-header"
            hint={`PNG or JPEG. Printed across the top of the page (${HEADER_PRINT_PX.width}x${HEADER_PRINT_PX.height} px at 300 dpi).`}
          />
          <CheckboxField field={fields.headerScrim} label={T.headerScrim} />
          <CheckboxField field={fields.scrimFade} label={T.scrimFade} />
          <TextField field={fields.headerText} label={T.headerText} hint={T.headerTextHint} />
        </Section>

        <Section title={T.rightColumn} section="right-column" open>
          <Text as="p" size="2" color="gray">
            {T.rightColumnHint}
          </Text>
          <TextField field={fields.rightColumnTitle} label={T.rightColumnTitle} />
          <RichTextField field={fields.rightColumnContent} label={T.rightColumnContent} />
        </Section>

        <Section title={T.sections} section="sections" open>
          <RichTextField field={fields.leftSectionContent} label={T.leftSectionContent} />
          <RichTextField field={fields.midSectionContent} label={T.midSectionContent} />
          <RichTextField field={fields.rightSectionContent} label={T.rightSectionContent} />
          <RichTextField field={fields.footerContent} label={T.footerContent} />
        </Section>

        <Flex gap="3" wrap="wrap">
          <Button type="submit" name="intent" value="print" loading={busy && navigation.formData?.get('intent') === 'print'}>
            {T.print}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="save-template"
            variant="soft"
            loading={busy && navigation.formData?.get('intent') === 'save-template'}
          >
            {T.saveTemplate}
          </Button>
          <Button asChild variant="soft" color="gray">
            <Link to={printoutPaths.exit}>{T.exit}</Link>
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}
