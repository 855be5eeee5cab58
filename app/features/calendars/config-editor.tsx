import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { EditorSection } from '~/components/forms/editor-section';
import { ErrorList } from '~/components/forms/error-list';
import { CheckboxField, FormErrors, Notice, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { DISCARD_STATE, UnsavedChangesDialog, useUnsavedChanges } from '~/components/forms/unsaved-changes';
import { validateOnSave } from '~/components/forms/validate';
import { JobProgress } from '~/components/job-progress/job-progress';
import { RemoteAdminSection } from '~/components/remote/remote-admin-section';
import { ShellColumns } from '~/components/shell/shell-columns';
import { PageDialog } from '~/components/ui/dialog';
import { CALENDAR_SCREEN_TEXTS, ICS_UPLOAD_TEXTS } from '~/lib/calendars';
import { openSections } from '~/lib/editor-sections';
import {
  CALENDAR_SECTIONS,
  CALENDAR_TEXTS,
  calendarConfigSchema,
  calendarSectionOf,
  calendarSectionOfErrors,
  IMPORT_TYPE_LABELS,
  IMPORT_TYPES,
  importAddressLabel,
  MAX_AUDIENCES,
  MAX_IMPORTS,
  MAX_STAFF_EMAILS,
  type CalendarSectionId,
} from '~/schemas/calendar-config';
import { calendarEditorSchema, IMPORT_REMOVAL_FIELD, REMOVE_IMPORT_FIELD, type CalendarEditorOutput } from '~/schemas/calendar-editor';
import type { RemoteAdminFormValue } from '~/schemas/remote-admin';
import type { CalendarConfigActionData, CalendarConfigData, CalendarConfigFormValue, ImportRunView } from './calendars.server';

/**
 * The calendar config editor (spec 02 "Calendar config editor"): the sections General,
 * Audiences, User Created Events, Calendar Import Config and (location admins) Remote
 * Management, each a <details> that opens and closes without JavaScript; General opens by
 * default, the section of the first error instead. Lists (audiences, staff e-mails, imports)
 * show their rows and one blank row to add another (an emptied row is dropped). A saved
 * import's 'Remove Calendar Import' asks (Cancel / Stop Syncing / Stop and Delete All Events);
 * so does a Submit that drops a saved import. A saved import shows its last run and an
 * 'Import now' that queues a run of it.
 */

type Row = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const on = (value: unknown) => value === 'on' || value === true;
const rowsOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** What the form shows: the refused post as typed, else the stored config. */
function currentValue(posted: Row | null, stored: CalendarConfigFormValue): CalendarConfigFormValue {
  if (!posted) return stored;
  const remote = (posted.remote ?? null) as Row | null;
  return {
    ...stored,
    audiences: rowsOf(posted.audiences)
      .map((row) => ({ title: text((row as Row | null)?.title) }))
      .filter((row) => row.title !== ''),
    userCreatedEmails: rowsOf(posted.userCreatedEmails)
      .map(text)
      .filter((email) => email !== ''),
    imports: rowsOf(posted.imports)
      .map((row) => row as Row | null)
      .map((row) => ({
        title: text(row?.title),
        type: text(row?.type) || 'none',
        calendarId: text(row?.calendarId),
        defaultLocation: text(row?.defaultLocation),
        audience: text(row?.audience),
        eventContext: text(row?.eventContext),
      }))
      .filter((row) => row.title !== '' || row.calendarId !== '' || row.audience !== '' || row.eventContext !== '' || row.type !== 'none'),
    remote: remote ? remoteOfPost(remote) : stored.remote,
  };
}

function remoteOfPost(value: Row): RemoteAdminFormValue {
  const entries = rowsOf(value.entries)
    .filter((entry): entry is Row => typeof entry === 'object' && entry !== null)
    .map((entry) => ({
      uuid: text(entry.uuid),
      accessType: entry.accessType === 'email' ? ('email' as const) : ('url' as const),
      name: text(entry.name),
      email: text(entry.email),
      title: text(entry.title),
      editInfo: on(entry.editInfo),
      addButtons: on(entry.addButtons),
      sendNotifications: on(entry.sendNotifications),
    }))
    .filter((entry) => entry.uuid !== '' || entry.name !== '' || entry.email !== '' || entry.title !== '');
  return { remotelyManaged: on(value.remotelyManaged), allowFavorite: false, entries };
}

/** Spec 02 §3 event `type`: an imported event's context. */
const EVENT_CONTEXTS = [
  { value: 'resort', label: 'Resort' },
  { value: 'local', label: 'Local Area' },
];

/** A section of the accordion. */
function Part({ id, open, children }: { id: CalendarSectionId; open: boolean; children: ReactNode }) {
  return (
    <EditorSection id={id} sections={CALENDAR_SECTIONS} open={open}>
      {children}
    </EditorSection>
  );
}

type Errors = Record<string, string[] | undefined>;

/** The config's constraints for the browser; a checkbox left off is an answer, not a missing value. */
const CONSTRAINT = { ...getZodConstraint(calendarConfigSchema), allowUserCreated: {}, userCreatedRequiresApproval: {} };

/** A text input of a list row, with its label and errors (names like `audiences[0].title`). */
function RowInput({
  name,
  label,
  defaultValue,
  errors,
  type = 'text',
  listErrorId,
}: {
  name: string;
  label: string;
  defaultValue: string;
  errors: Errors;
  type?: 'text' | 'email';
  /** The list's own error this row answers (the row to fill in when the list needs one more). */
  listErrorId?: string;
}) {
  const id = `calendar-${name.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const fieldErrors = errors[name];
  const describedBy = [fieldErrors ? `${id}-error` : null, listErrorId ?? null].filter(Boolean).join(' ');
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      <input
        id={id}
        name={name}
        type={type}
        className="form-control"
        defaultValue={defaultValue}
        autoComplete="off"
        aria-invalid={fieldErrors || listErrorId ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      <ErrorList id={`${id}-error`} errors={fieldErrors} />
    </Flex>
  );
}

function RowSelect({
  name,
  label,
  defaultValue,
  choices,
  empty,
  errors,
  onChange,
}: {
  name: string;
  label: string;
  defaultValue: string;
  choices: ReadonlyArray<{ value: string; label: string }>;
  empty?: string;
  errors: Errors;
  onChange?: (value: string) => void;
}) {
  const id = `calendar-${name.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const fieldErrors = errors[name];
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        {label}
      </Text>
      <select
        id={id}
        name={name}
        className="form-control"
        defaultValue={defaultValue}
        onChange={onChange ? (event) => onChange(event.currentTarget.value) : undefined}
        aria-invalid={fieldErrors ? true : undefined}
        aria-describedby={fieldErrors ? `${id}-error` : undefined}
      >
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <ErrorList id={`${id}-error`} errors={fieldErrors} />
    </Flex>
  );
}

/**
 * An import's type and its address, labelled by the type ('Calendar ID' for Google, 'Calendar
 * address (iCal URL)' for iCal): by the type chosen with JavaScript, by the saved (or posted)
 * type without.
 */
function ImportTypeAndAddress({ index, type, address, errors }: { index: number; type: string; address: string; errors: Errors }) {
  const [chosen, setChosen] = useState(type);
  return (
    <>
      <RowSelect
        name={`imports[${index}].type`}
        label="Import Type"
        defaultValue={type}
        choices={IMPORT_TYPES.map((value) => ({ value, label: IMPORT_TYPE_LABELS[value] }))}
        errors={errors}
        onChange={setChosen}
      />
      <RowInput name={`imports[${index}].calendarId`} label={importAddressLabel(chosen)} defaultValue={address} errors={errors} />
    </>
  );
}

export function CalendarConfigEditor({ data, actionData }: { data: CalendarConfigData; actionData: CalendarConfigActionData | undefined }) {
  return <ShellColumns centre={<CalendarConfigForm data={data} actionData={actionData} />} />;
}

/**
 * The config form alone: the editor's page puts it in the centre column; a list's config.events
 * action in the list's right column (its heading one level down, its sections those of `data`).
 */
export function CalendarConfigForm({
  data,
  actionData,
  headingLevel = 'h1',
}: {
  data: CalendarConfigData;
  actionData: CalendarConfigActionData | undefined;
  headingLevel?: 'h1' | 'h2';
}) {
  // A fresh form after each answer, so the rows start from the reply.
  return (
    <ConfigForm
      key={actionData ? JSON.stringify(actionData.result.initialValue ?? null) + String(actionData.removal !== null) : data.version}
      data={data}
      actionData={actionData}
      headingLevel={headingLevel}
    />
  );
}

function ConfigForm({
  data,
  actionData,
  headingLevel,
}: {
  data: CalendarConfigData;
  actionData: CalendarConfigActionData | undefined;
  headingLevel: 'h1' | 'h2';
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const schema = useMemo(
    () => calendarEditorSchema({ remote: data.remoteAdmin, dollarsEnabled: data.dollarsEnabled }),
    [data.remoteAdmin, data.dollarsEnabled],
  );
  const posted = (actionData?.result.initialValue ?? null) as Row | null;
  const value = currentValue(posted, data.defaultValue);
  const [form, fields] = useForm<CalendarConfigFormValue, CalendarEditorOutput>({
    id: `calendar-config-${data.calendarId}`,
    lastResult: actionData?.result,
    defaultValue: value,
    constraint: CONSTRAINT,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateOnSave(schema),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const blocker = useUnsavedChanges(formRef, { loaded: data, answered: actionData });
  const errors = form.allErrors as Errors;
  const clientErrors = form.status === 'error' ? Object.keys(form.allErrors) : [];
  const open = openSections(
    (clientErrors.length > 0 ? calendarSectionOfErrors(clientErrors) : null) ??
      actionData?.openSection ??
      data.sections[0] ??
      ('general' as CalendarSectionId),
    actionData?.result.error,
    calendarSectionOf,
  );
  const shows = (section: CalendarSectionId) => data.sections.includes(section);
  const audienceChoices = value.audiences.map((audience) => ({ value: audience.title.toLowerCase(), label: audience.title }));
  const savedImports = new Set(data.defaultValue.imports.map((row) => row.calendarId).filter((id) => id !== ''));
  const busy = navigation.state === 'submitting';
  const removal = actionData?.removal ?? null;

  const audienceRows = [...value.audiences, { title: '' }].slice(0, MAX_AUDIENCES + 1);
  const emailRows = [...value.userCreatedEmails, ''].slice(0, MAX_STAFF_EMAILS + 1);
  const importRows = [
    ...value.imports,
    { title: '', type: 'none', calendarId: '', defaultLocation: '', audience: '', eventContext: '' },
  ].slice(0, MAX_IMPORTS + 1);

  return (
    <div className="calendar-config" data-hydrated={hydrated ? '' : undefined}>
      <Heading as={headingLevel} size={headingLevel === 'h1' ? '6' : '4'} mb="1" id={`${form.id}-heading`}>
        {data.heading}
      </Heading>
      <Text as="p" size="2" color="gray" mb="3">
        {data.title}
      </Text>
      <Form method="post" action={data.formAction} {...getFormProps(form)} ref={formRef} aria-labelledby={`${form.id}-heading`}>
        <VersionField version={actionData?.version ?? data.version} />
        {shows('general') ? null : (
          <>
            {/* Kept as stored (the server reads them from the stored config): the browser's check needs them. */}
            <input type="hidden" name="title" value={data.defaultValue.title} />
            <input type="hidden" name="priorNotificationTime" value={data.defaultValue.priorNotificationTime} />
          </>
        )}
        <Flex direction="column" gap="3">
          <ConflictNotice conflict={actionData?.conflict} />
          <FormErrors id={form.errorId} errors={form.errors} />

          {shows('general') ? (
            <Part id="general" open={open.has('general')}>
              <TextField field={fields.title} label="Title" />
              <TextField
                field={fields.priorNotificationTime}
                label="Prior Notification Time (minutes)"
                type="number"
                inputMode="numeric"
                hint="How long before an event its reminder is offered."
              />
            </Part>
          ) : null}

          <Part id="audiences" open={open.has('audiences')}>
            <Text as="p" size="1" color="gray">
              The audiences events of this calendar are for. Fill in the blank row to add one; empty a row to remove it.
            </Text>
            <ErrorList id="calendar-audiences-error" errors={errors.audiences} />
            {audienceRows.map((row, index) => (
              <RowInput
                key={index}
                name={`audiences[${index}].title`}
                label={index < value.audiences.length ? `Audience ${index + 1}` : 'New Audience'}
                defaultValue={row.title}
                errors={errors}
              />
            ))}
          </Part>

          <Part id="user-created" open={open.has('user-created')}>
            <CheckboxField field={fields.allowUserCreated} label="Allow User Created Events" />
            <CheckboxField field={fields.userCreatedRequiresApproval} label="Requires Approval" />
            <Text as="p" size="1" color="gray">
              Staff e-mail addresses that receive events waiting for approval.
            </Text>
            <ErrorList id="calendar-userCreatedEmails-error" errors={errors.userCreatedEmails} />
            {emailRows.map((email, index) => (
              <RowInput
                key={index}
                name={`userCreatedEmails[${index}]`}
                label={index < value.userCreatedEmails.length ? `Staff Email ${index + 1}` : 'New Staff Email'}
                defaultValue={email}
                errors={errors}
                type="email"
                listErrorId={
                  errors.userCreatedEmails && index === value.userCreatedEmails.length ? 'calendar-userCreatedEmails-error' : undefined
                }
              />
            ))}
          </Part>

          <Part id="import" open={open.has('import')}>
            {actionData?.notice ? <Notice tone="success">{actionData.notice}</Notice> : null}
            {actionData?.job ? <JobProgress view={actionData.job} back={data.formAction} /> : null}
            <ErrorList id="calendar-imports-error" errors={errors.imports} />
            <ul className="row-stack" aria-label="Calendar imports">
              {importRows.map((row, index) => {
                const saved = index < value.imports.length && savedImports.has(row.calendarId);
                const legend = index < value.imports.length ? row.title || row.calendarId || `Import ${index + 1}` : 'New Import';
                return (
                  <li key={index}>
                    <fieldset className="row-card">
                      <legend>{legend}</legend>
                      <Flex direction="column" gap="3">
                        <RowInput name={`imports[${index}].title`} label="Import Title" defaultValue={row.title} errors={errors} />
                        <ImportTypeAndAddress index={index} type={row.type} address={row.calendarId} errors={errors} />
                        <RowSelect
                          name={`imports[${index}].defaultLocation`}
                          label="Default Location"
                          defaultValue={row.defaultLocation}
                          choices={data.locations}
                          empty="None"
                          errors={errors}
                        />
                        <RowSelect
                          name={`imports[${index}].audience`}
                          label="Audience"
                          defaultValue={row.audience}
                          choices={audienceChoices}
                          empty="Select an audience"
                          errors={errors}
                        />
                        <RowSelect
                          name={`imports[${index}].eventContext`}
                          label="Event Context"
                          defaultValue={row.eventContext}
                          choices={EVENT_CONTEXTS}
                          empty="Select a context"
                          errors={errors}
                        />
                        {saved && data.importRuns[row.calendarId] ? (
                          <ImportRun run={data.importRuns[row.calendarId]!} index={index} legend={legend} />
                        ) : null}
                        {saved ? (
                          <div>
                            <Button
                              type="submit"
                              name="intent"
                              value={`remove-import:${index}`}
                              color="red"
                              variant="soft"
                              formNoValidate
                              aria-label={`${CALENDAR_TEXTS.removeImportTitle}: ${legend}`}
                            >
                              {CALENDAR_TEXTS.removeImportTitle}
                            </Button>
                          </div>
                        ) : null}
                      </Flex>
                    </fieldset>
                  </li>
                );
              })}
            </ul>
            {data.uploadHref ? (
              <div>
                <Button asChild variant="soft">
                  <Link to={data.uploadHref}>{ICS_UPLOAD_TEXTS.link}</Link>
                </Button>
              </div>
            ) : null}
          </Part>

          {data.remoteAdmin && shows('remote') ? (
            <Part id="remote" open={open.has('remote')}>
              <RemoteAdminSection
                name="remote"
                legendHidden
                defaultValue={value.remote}
                links={data.remoteLinks}
                dollarsEnabled={data.dollarsEnabled}
                errors={errors}
                allowFavorite={false}
              />
            </Part>
          ) : null}

          <Flex gap="3" pt="2" wrap="wrap" align="center">
            <Button type="submit" name="intent" value="save" loading={busy}>
              Submit
            </Button>
            <Button asChild variant="soft" color="gray">
              <Link to={data.listHref} state={DISCARD_STATE}>
                Cancel
              </Link>
            </Button>
            {data.eventsHref ? (
              <Button asChild variant="ghost">
                <Link to={data.eventsHref}>Events of this calendar</Link>
              </Button>
            ) : null}
          </Flex>
        </Flex>
        {removal ? <RemoveImportDialog removal={removal} /> : null}
      </Form>
      <UnsavedChangesDialog blocker={blocker} />
    </div>
  );
}

/** A saved import's last run ('Last imported …' or the last error) and its 'Import now', which posts the form. */
function ImportRun({ run, index, legend }: { run: ImportRunView; index: number; legend: string }) {
  return (
    <Flex direction="column" gap="2" className="import-run" data-import-run={index}>
      {run.lines.map((line, at) => (
        <Text key={line} as="p" size="2" color={run.failed && at === 0 ? 'red' : 'gray'}>
          {line}
        </Text>
      ))}
      {run.importNow ? (
        <div>
          <Button
            type="submit"
            name="intent"
            value={`import-now:${index}`}
            variant="soft"
            formNoValidate
            aria-label={`${CALENDAR_SCREEN_TEXTS.importNow}: ${legend}`}
          >
            {CALENDAR_SCREEN_TEXTS.importNow}
          </Button>
        </div>
      ) : null}
    </Flex>
  );
}

/** Spec 02 §4 'Remove Calendar Import': its buttons post the editor's form (what was typed is kept). */
function RemoveImportDialog({ removal }: { removal: NonNullable<CalendarConfigActionData['removal']> }) {
  const names = removal.imports.map((row) => row.title || row.calendarId).filter(Boolean);
  return (
    <PageDialog
      title={CALENDAR_TEXTS.removeImportTitle}
      description={
        <>
          {`Stop importing ${names.length > 0 ? names.join(', ') : 'this calendar'}? `}
          {CALENDAR_TEXTS.stopSyncing} keeps the events already imported; {CALENDAR_TEXTS.stopAndDelete} deletes them too.
        </>
      }
      actions={
        <>
          {removal.index !== null ? <input type="hidden" name={REMOVE_IMPORT_FIELD} value={removal.index} /> : null}
          <Button type="submit" name="intent" value="dismiss" variant="soft" color="gray" formNoValidate data-dialog-cancel="">
            Cancel
          </Button>
          <Button type="submit" name={IMPORT_REMOVAL_FIELD} value="stop">
            {CALENDAR_TEXTS.stopSyncing}
          </Button>
          <Button type="submit" name={IMPORT_REMOVAL_FIELD} value="delete" color="red">
            {CALENDAR_TEXTS.stopAndDelete}
          </Button>
        </>
      }
    />
  );
}
