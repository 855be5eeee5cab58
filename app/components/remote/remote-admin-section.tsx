import { arrayMove } from '@dnd-kit/sortable';
import { Button, Flex, Text } from '@radix-ui/themes';
import { useRef, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ErrorList } from '~/components/forms/error-list';
import { OrderField, SortableRows, type SortableRowProps } from '~/components/widgets/sortable-rows';
import {
  MAX_REMOTE_ACCESS,
  REMOTE_ADMIN_TEXTS as T,
  newRemoteAccessEntry,
  type RemoteAccessFormEntry,
  type RemoteAccessType,
  type RemoteAdminFormValue,
} from '~/schemas/remote-admin';

/**
 * The Remote Administration section of the business editor (spec 03 §2). Field names sit under
 * `name` (`remote.remotelyManaged`, `remote.entries[0].email` …) for remoteAdminSchema; errors
 * come keyed by those names (a submission's error map).
 *
 * With JavaScript: entries are dragged (pointer or keyboard, with spoken announcements), added
 * with 'Add Additional Access' and removed with their Remove button; turning Allow Remote
 * Management on shows a first entry when there is none; 'Copy Link for Remote Management'
 * copies the link. Without JavaScript: every entry has an Order number and a Remove checkbox, one
 * blank entry is always shown (ignored while blank), and each saved entry's link is shown as text.
 */
export interface RemoteAdminSectionProps {
  name: string;
  defaultValue: RemoteAdminFormValue;
  /** The link of each saved entry, by uuid (server/remote/management.ts remoteAdminLinks). */
  links: Record<string, string>;
  dollarsEnabled: boolean;
  errors?: Record<string, string[] | undefined>;
  /** The legend is for screen readers only (where a heading around the section already shows its name). */
  legendHidden?: boolean;
  /** Offer 'Allow Favoriting/Notifications' (a listing's; a calendar has none). */
  allowFavorite?: boolean;
}

interface Row {
  /** A stable React key (not posted). */
  key: string;
  entry: RemoteAccessFormEntry;
}

let rowCounter = 0;
const newRowKey = () => `row-${(rowCounter += 1)}`;

const idOf = (name: string) => name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/-+$/, '');

export function RemoteAdminSection({
  name,
  defaultValue,
  links,
  dollarsEnabled,
  errors = {},
  legendHidden = false,
  allowFavorite = true,
}: RemoteAdminSectionProps) {
  const hydrated = useHydrated();
  const [enabled, setEnabled] = useState(defaultValue.remotelyManaged);
  const [rows, setRows] = useState<Row[]>(() =>
    defaultValue.entries.map((entry, index) => ({ key: entry.uuid || `posted-${index}`, entry })),
  );
  const [announcement, setAnnouncement] = useState('');
  const baseId = idOf(name);
  const field = (path: string) => `${name}.${path}`;

  // Without JavaScript one blank entry is always offered (ignored by the schema while blank).
  const shownRows: Row[] = hydrated ? rows : [...rows, { key: 'blank', entry: newRemoteAccessEntry(dollarsEnabled) }];

  const addRow = () => {
    if (rows.length >= MAX_REMOTE_ACCESS) return;
    setRows((current) => [...current, { key: newRowKey(), entry: newRemoteAccessEntry(dollarsEnabled) }]);
    setAnnouncement(`Access ${rows.length + 1} added.`);
  };
  const removeRow = (key: string) => {
    const index = rows.findIndex((row) => row.key === key);
    setRows((current) => current.filter((row) => row.key !== key));
    setAnnouncement(`Access ${index + 1} removed.`);
  };
  const toggleEnabled = (on: boolean) => {
    setEnabled(on);
    // Spec 03 §4: turning remote management on creates a first access entry if none exists.
    if (on && rows.length === 0) setRows([{ key: newRowKey(), entry: newRemoteAccessEntry(dollarsEnabled) }]);
  };
  const moveRow = (from: number, to: number) => setRows((current) => arrayMove(current, from, to));

  const entryErrors = errors[field('entries')];
  return (
    <fieldset className="remote-admin" aria-describedby={entryErrors ? `${baseId}-entries-error` : undefined}>
      <legend className={legendHidden ? 'visually-hidden' : 'remote-admin-legend'}>{T.heading}</legend>
      <Flex direction="column" gap="3">
        <Text as="label" size="2" className="form-check" htmlFor={`${baseId}-remotelyManaged`}>
          <input
            id={`${baseId}-remotelyManaged`}
            type="checkbox"
            name={field('remotelyManaged')}
            defaultChecked={defaultValue.remotelyManaged}
            onChange={(event) => toggleEnabled(event.currentTarget.checked)}
          />
          {T.remotelyManaged}
        </Text>
        <div className="remote-admin-body" hidden={hydrated && !enabled}>
          <Flex direction="column" gap="3">
            {allowFavorite ? (
              <Text as="label" size="2" className="form-check" htmlFor={`${baseId}-allowFavorite`}>
                <input
                  id={`${baseId}-allowFavorite`}
                  type="checkbox"
                  name={field('allowFavorite')}
                  defaultChecked={defaultValue.allowFavorite}
                />
                {T.allowFavorite}
              </Text>
            ) : null}
            <Text as="p" size="1" color="gray">
              {hydrated
                ? 'Drag an entry by its handle (or focus the handle and use the arrow keys) to change the order.'
                : 'Entries are saved in the order of their Order numbers. Fill in the blank entry to add access.'}
            </Text>
            <ErrorList id={`${baseId}-entries-error`} errors={entryErrors} />
            <SortableRows
              ids={shownRows.map((row) => row.key)}
              labelOf={(key) => {
                const index = shownRows.findIndex((row) => row.key === key);
                return entryLabel(shownRows[index]!.entry, index);
              }}
              onMove={moveRow}
              sortable={hydrated}
              className="remote-access-list row-stack"
              aria-label="Access entries"
              renderRow={({ id: key, index, handle, rowProps }) => {
                const row = shownRows[index]!;
                return (
                  <EntryItem
                    index={index}
                    prefix={field(`entries[${index}]`)}
                    id={`${baseId}-entries-${index}`}
                    entry={row.entry}
                    blank={key === 'blank'}
                    link={row.entry.uuid ? (links[row.entry.uuid] ?? null) : null}
                    dollarsEnabled={dollarsEnabled}
                    hydrated={hydrated}
                    errors={errors}
                    onRemove={() => removeRow(key)}
                    handle={handle}
                    rowProps={rowProps}
                  />
                );
              }}
            />
            {hydrated ? (
              <div>
                <Button type="button" variant="soft" onClick={addRow} disabled={rows.length >= MAX_REMOTE_ACCESS}>
                  {T.addAccess}
                </Button>
              </div>
            ) : null}
            <p className="visually-hidden" aria-live="polite">
              {announcement}
            </p>
          </Flex>
        </div>
      </Flex>
    </fieldset>
  );
}

function entryLabel(entry: RemoteAccessFormEntry, index: number): string {
  const who = entry.name || entry.email || entry.title;
  return who ? `Access ${index + 1}: ${who}` : `Access ${index + 1}`;
}

interface EntryItemProps {
  index: number;
  prefix: string;
  id: string;
  entry: RemoteAccessFormEntry;
  blank: boolean;
  link: string | null;
  dollarsEnabled: boolean;
  hydrated: boolean;
  errors: Record<string, string[] | undefined>;
  onRemove: () => void;
  handle: ReactNode;
  rowProps: SortableRowProps;
}

function EntryItem({
  index,
  prefix,
  id,
  entry,
  blank,
  link,
  dollarsEnabled,
  hydrated,
  errors,
  onRemove,
  handle,
  rowProps,
}: EntryItemProps) {
  const [accessType, setAccessType] = useState<RemoteAccessType>(entry.accessType);
  const [copied, setCopied] = useState(false);
  const linkRef = useRef<HTMLInputElement>(null);
  const name = (field: string) => `${prefix}.${field}`;
  const errorsOf = (field: string) => errors[name(field)];
  const legend = blank ? 'New access' : entryLabel(entry, index);
  // Email Login is offered when dollars are enabled, and kept by an entry that already has it.
  const emailOffered = dollarsEnabled || entry.accessType === 'email';
  const showEmail = emailOffered && (!hydrated || accessType === 'email');

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions, insecure context): select the text so it can be copied by hand.
      linkRef.current?.select();
    }
  };

  const text = (
    field: 'name' | 'email' | 'title',
    label: string,
    options: { type?: string; hint?: string; autoComplete?: string } = {},
  ) => {
    const fieldErrors = errorsOf(field);
    const fieldId = `${id}-${field}`;
    const describedBy = [options.hint ? `${fieldId}-hint` : null, fieldErrors ? `${fieldId}-error` : null].filter(Boolean).join(' ');
    return (
      <Flex direction="column" gap="1" className="remote-access-field">
        <Text as="label" size="2" weight="medium" htmlFor={fieldId}>
          {label}
        </Text>
        <input
          id={fieldId}
          name={name(field)}
          type={options.type ?? 'text'}
          className="form-control"
          defaultValue={entry[field]}
          autoComplete={options.autoComplete ?? 'off'}
          aria-invalid={fieldErrors ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        {options.hint ? (
          <Text id={`${fieldId}-hint`} size="1" color="gray">
            {options.hint}
          </Text>
        ) : null}
        <ErrorList id={`${fieldId}-error`} errors={fieldErrors} />
      </Flex>
    );
  };

  const permission = (field: 'editInfo' | 'addButtons' | 'sendNotifications', label: string) => (
    <Text as="label" size="2" className="form-check" htmlFor={`${id}-${field}`}>
      <input id={`${id}-${field}`} type="checkbox" name={name(field)} defaultChecked={entry[field]} />
      {label}
    </Text>
  );

  const accessTypeErrors = errorsOf('accessType');
  const uuidErrors = errorsOf('uuid');
  return (
    <li {...rowProps} className="remote-access-entry">
      <fieldset className="remote-access-fieldset row-card">
        <legend className="remote-access-legend">
          {handle}
          <span>{legend}</span>
        </legend>
        <input type="hidden" name={name('uuid')} value={entry.uuid} />
        <ErrorList id={`${id}-uuid-error`} errors={uuidErrors} />
        <div className="remote-access-grid">
          <Flex direction="column" gap="1" className="remote-access-field">
            <Text as="label" size="2" weight="medium" htmlFor={`${id}-accessType`}>
              {T.accessType}
            </Text>
            <select
              id={`${id}-accessType`}
              name={name('accessType')}
              className="form-control"
              defaultValue={entry.accessType}
              onChange={(event) => setAccessType(event.currentTarget.value === 'email' ? 'email' : 'url')}
              aria-invalid={accessTypeErrors ? true : undefined}
              aria-describedby={accessTypeErrors ? `${id}-accessType-error` : undefined}
            >
              {emailOffered ? <option value="email">{T.accessTypeLabels.email}</option> : null}
              <option value="url">{T.accessTypeLabels.url}</option>
            </select>
            <ErrorList id={`${id}-accessType-error`} errors={accessTypeErrors} />
          </Flex>
          {text('name', T.name, { autoComplete: 'off' })}
          {showEmail ? text('email', hydrated ? T.email : `${T.email} (${T.accessTypeLabels.email})`, { type: 'email' }) : null}
          {text('title', T.title, { hint: T.titleHint })}
        </div>
        <Flex gap="3" wrap="wrap" className="remote-access-permissions" role="group" aria-label={`Permissions of ${legend}`}>
          {permission('editInfo', T.editInfo)}
          {permission('addButtons', T.addButtons)}
          {permission('sendNotifications', T.sendNotifications)}
        </Flex>
        {link && !hydrated ? (
          <Text as="p" size="1" className="remote-access-link">
            {`${T.copyLink}: `}
            <code>{link}</code>
          </Text>
        ) : null}
        <Flex gap="3" align={hydrated ? 'center' : 'end'} wrap="wrap" className="remote-access-controls">
          {hydrated ? (
            <>
              {link ? (
                <>
                  <Button type="button" variant="soft" size="1" onClick={copy}>
                    {T.copyLink}
                  </Button>
                  <input ref={linkRef} className="visually-hidden" readOnly tabIndex={-1} aria-hidden="true" value={link} />
                  <Text size="1" color="green" role="status">
                    {copied ? T.linkCopied : ''}
                  </Text>
                </>
              ) : null}
              <Button type="button" color="red" variant="soft" size="1" ml="auto" onClick={onRemove} aria-label={`${T.remove} ${legend}`}>
                {T.remove}
              </Button>
            </>
          ) : (
            <>
              <OrderField
                id={`${id}-order`}
                name={name('order')}
                index={index}
                sortable={false}
                label={T.order}
                errors={errorsOf('order')}
                className="remote-access-order"
              />
              {blank ? null : (
                <Text as="label" size="2" className="form-check" htmlFor={`${id}-remove`}>
                  <input id={`${id}-remove`} type="checkbox" name={name('remove')} />
                  {T.remove}
                </Text>
              )}
            </>
          )}
        </Flex>
      </fieldset>
    </li>
  );
}
