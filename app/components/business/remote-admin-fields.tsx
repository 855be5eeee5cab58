import { Button, Flex, Text } from '@radix-ui/themes';
import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ErrorList } from '~/components/forms/error-list';
import { REMOTE_ADMIN_TEXTS, type RemoteAccessFormEntry, type RemoteAdminFormValue } from '~/schemas/remote-admin';

/**
 * The Remote Administration section's fields (spec 03 §2), posted under `remote.`: Allow Remote
 * Management, Allow Favoriting/Notifications, and the access entries — each with its access
 * type (Email Login only when dollars are enabled), name, e-mail or relationship, its link, the
 * three permissions, an order number and a Remove box. The stored entries plus one blank row
 * (ignored while blank) post without JavaScript; with it, 'Add Additional Access' adds rows and
 * 'Copy Link for Remote Management' copies a saved entry's link.
 */
export function RemoteAdminFields({
  defaultValue,
  links,
  dollarsEnabled,
  errors,
}: {
  defaultValue: RemoteAdminFormValue;
  links: Record<string, string>;
  dollarsEnabled: boolean;
  errors?: Record<string, string[] | undefined>;
}) {
  const hydrated = useHydrated();
  const blank = (): RemoteAccessFormEntry => ({
    uuid: '',
    accessType: dollarsEnabled ? 'email' : 'url',
    name: '',
    email: '',
    title: '',
    editInfo: true,
    addButtons: false,
    sendNotifications: false,
  });
  const [rows, setRows] = useState<RemoteAccessFormEntry[]>(() => [...defaultValue.entries, blank()]);
  const [copied, setCopied] = useState<string | null>(null);
  const name = (index: number, field: string) => `remote.entries[${index}].${field}`;
  return (
    <Flex direction="column" gap="3">
      <label className="form-check">
        <input type="checkbox" name="remote.remotelyManaged" defaultChecked={defaultValue.remotelyManaged} />
        {REMOTE_ADMIN_TEXTS.remotelyManaged}
      </label>
      <label className="form-check">
        <input type="checkbox" name="remote.allowFavorite" defaultChecked={defaultValue.allowFavorite} />
        {REMOTE_ADMIN_TEXTS.allowFavorite}
      </label>
      <ErrorList errors={errors?.['remote.entries']} />
      <ol className="remote-entries">
        {rows.map((entry, index) => {
          const link = entry.uuid ? links[entry.uuid] : undefined;
          const label = entry.uuid ? entry.name || entry.title || entry.email || `Access ${index + 1}` : 'New access';
          return (
            <li key={entry.uuid || `new-${index}`}>
              <fieldset className="form-row remote-entry">
                <legend>{label}</legend>
                <input type="hidden" name={name(index, 'uuid')} value={entry.uuid} />
                <div className="form-grid">
                  <label className="form-stack">
                    <Text size="2">{REMOTE_ADMIN_TEXTS.accessType}</Text>
                    <select className="form-control" name={name(index, 'accessType')} defaultValue={entry.accessType}>
                      {dollarsEnabled || entry.accessType === 'email' ? (
                        <option value="email">{REMOTE_ADMIN_TEXTS.accessTypeLabels.email}</option>
                      ) : null}
                      <option value="url">{REMOTE_ADMIN_TEXTS.accessTypeLabels.url}</option>
                    </select>
                  </label>
                  <label className="form-stack">
                    <Text size="2">{REMOTE_ADMIN_TEXTS.name}</Text>
                    <input className="form-control" name={name(index, 'name')} defaultValue={entry.name} autoComplete="off" />
                  </label>
                  <label className="form-stack">
                    <Text size="2">{REMOTE_ADMIN_TEXTS.email}</Text>
                    <input className="form-control" name={name(index, 'email')} defaultValue={entry.email} autoComplete="off" />
                  </label>
                  <label className="form-stack">
                    <Text size="2">{REMOTE_ADMIN_TEXTS.title}</Text>
                    <input
                      className="form-control"
                      name={name(index, 'title')}
                      defaultValue={entry.title}
                      placeholder={REMOTE_ADMIN_TEXTS.titleHint}
                      autoComplete="off"
                    />
                  </label>
                </div>
                <ErrorList errors={errors?.[name(index, 'email')]} />
                <ErrorList errors={errors?.[name(index, 'title')]} />
                <ErrorList errors={errors?.[name(index, 'accessType')]} />
                <Flex gap="4" wrap="wrap">
                  <label className="form-check">
                    <input type="checkbox" name={name(index, 'editInfo')} defaultChecked={entry.editInfo} />
                    {REMOTE_ADMIN_TEXTS.editInfo}
                  </label>
                  <label className="form-check">
                    <input type="checkbox" name={name(index, 'addButtons')} defaultChecked={entry.addButtons} />
                    {REMOTE_ADMIN_TEXTS.addButtons}
                  </label>
                  <label className="form-check">
                    <input type="checkbox" name={name(index, 'sendNotifications')} defaultChecked={entry.sendNotifications} />
                    {REMOTE_ADMIN_TEXTS.sendNotifications}
                  </label>
                </Flex>
                <Flex gap="4" wrap="wrap" align="center">
                  <label className="form-check">
                    {REMOTE_ADMIN_TEXTS.order}
                    <input
                      className="form-control order-input"
                      name={name(index, 'order')}
                      defaultValue={String(index + 1)}
                      inputMode="numeric"
                    />
                  </label>
                  {entry.uuid ? (
                    <label className="form-check">
                      <input type="checkbox" name={name(index, 'remove')} />
                      {REMOTE_ADMIN_TEXTS.remove}
                    </label>
                  ) : null}
                </Flex>
                {link ? (
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text size="1" className="remote-link" data-testid="remote-link">
                      {link}
                    </Text>
                    {hydrated ? (
                      <Button
                        type="button"
                        size="1"
                        variant="soft"
                        onClick={() => {
                          void navigator.clipboard?.writeText(link).then(() => setCopied(entry.uuid));
                        }}
                      >
                        {REMOTE_ADMIN_TEXTS.copyLink}
                      </Button>
                    ) : null}
                    {copied === entry.uuid ? (
                      <Text size="1" role="status">
                        {REMOTE_ADMIN_TEXTS.linkCopied}
                      </Text>
                    ) : null}
                  </Flex>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {hydrated ? (
        <div>
          <Button type="button" variant="soft" size="1" onClick={() => setRows((current) => [...current, blank()])}>
            {REMOTE_ADMIN_TEXTS.addAccess}
          </Button>
        </div>
      ) : null}
    </Flex>
  );
}
