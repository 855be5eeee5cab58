import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod';
import { Button, Callout, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { useNavigation } from '@remix-run/react';
import { useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { CheckboxField, FormErrors, Notice, Section, SelectField, TextField, type Choice } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { FormActions } from '~/components/forms/form-actions';
import { RemoveRowButton } from '~/components/forms/remove-row-button';
import { validateOnSave } from '~/components/forms/validate';
import { PageDialog } from '~/components/ui/dialog';
import { RichTextField } from '~/components/widgets/rich-text';
import { CONVERT_ICONS_TEXT, CONVERT_ICONS_TITLE } from '~/lib/icons/icon-sets';
import { MENU_ICONS, getMenuIcon } from '~/lib/icons/library';
import { SOCIAL_ICONS, getSocialIcon } from '~/lib/icons/social';
import { timeZoneLabel } from '~/lib/timezones';
import {
  COLOR_FIELDS,
  COLOR_LABELS,
  COMMUNITY_TYPES,
  COMMUNITY_TYPE_LABELS,
  CommunitySchema,
  DETAIL_BUTTON_ACTIONS,
  DETAIL_BUTTON_ACTION_LABELS,
  DETAIL_BUTTON_KEY_HINTS,
  MAX_LIST_ROWS,
  WEBVIEW_ACTIONS,
} from '~/schemas/community';
import { ColorField } from './color-field';
import type { CommunitySetupActionData, CommunitySetupData, SetupConfirm } from './community-setup.server';

/**
 * Community setup and Add Community (spec 01 §2.7): accordion sections as <details>, every
 * button a form post, so the screen works on browsers without JavaScript. With JavaScript the
 * schema validates as you type, the time zone follows the coordinates, the description is
 * edited as rich text and rows are added and removed in place; without it the description is
 * HTML in a textarea and Add / Remove post the form (conform's list intents), which comes back
 * with everything typed.
 */

const checkbox = (value: boolean) => (value ? 'on' : undefined);

const titleCase = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

const ICON_CHOICES: readonly Choice[] = MENU_ICONS.map((icon) => ({ value: icon.name, label: icon.name.replace(/[-_]/g, ' ') }));
const ACTION_CHOICES: readonly Choice[] = DETAIL_BUTTON_ACTIONS.map((action) => ({
  value: action,
  label: DETAIL_BUTTON_ACTION_LABELS[action],
}));

/**
 * A section opened to show errors (or a row change) stays open once its errors are fixed, so it
 * does not fold away under the person typing.
 */
function useStickyOpen(open: boolean): boolean {
  const opened = useRef(open);
  if (open) opened.current = true;
  return opened.current;
}

/** The list a conform list intent (Add row / Remove row) named, if the answer is one. */
function listIntentName(intent: unknown): string | undefined {
  if (typeof intent !== 'object' || intent === null || !('payload' in intent)) return undefined;
  const { payload } = intent;
  if (typeof payload !== 'object' || payload === null || !('name' in payload)) return undefined;
  return typeof payload.name === 'string' ? payload.name : undefined;
}

/** Whether a list (its own errors or any row's) holds an error: conform's allErrors covers the nested fields. */
const listHasErrors = (list: { allErrors: Record<string, string[]> }) => Object.keys(list.allErrors).length > 0;

/**
 * The form of /community-setup and /add-community. Pull Colors is a step of this form: the
 * answer comes back with the pulled colours in the colour fields and everything else as typed
 * (the route remounts the form on each pull so the fields show the answer).
 */
export function CommunitySetupForm({ data, actionData }: { data: CommunitySetupData; actionData: CommunitySetupActionData | undefined }) {
  const adding = data.mode === 'add-community';
  const formId = adding ? 'add-community-form' : 'community-setup-form';
  const navigation = useNavigation();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'save';
  const [listed, setListed] = useState(data.defaultValue.listed);

  const [form, fields] = useForm({
    id: formId,
    lastResult: actionData?.result,
    defaultValue: {
      ...data.defaultValue,
      // Checkboxes post 'on' when ticked.
      listed: checkbox(data.defaultValue.listed),
      isBusinessOnly: checkbox(data.defaultValue.isBusinessOnly),
      inProgress: checkbox(data.defaultValue.inProgress),
      colorIconShapeRandom: checkbox(data.defaultValue.colorIconShapeRandom),
      colorIconBackgroundRandom: checkbox(data.defaultValue.colorIconBackgroundRandom),
      detailButtons: data.defaultValue.detailButtons.map((button) => ({ ...button, webview: checkbox(button.webview) })),
    },
    constraint: getZodConstraint(CommunitySchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateOnSave(CommunitySchema, ['save', 'convert-icons', 'apply-colors']),
  });

  const hydrated = useHydrated();
  // With JavaScript the time zone follows the coordinates as they are typed (offline lookup).
  // Only the newest position is applied: an earlier look-up that finishes later is dropped.
  const lookups = useRef(0);
  const followPosition = async (latitude: string, longitude: string) => {
    const run = ++lookups.current;
    const lat = Number(latitude);
    const lng = Number(longitude);
    if (latitude.trim() === '' || longitude.trim() === '' || !Number.isFinite(lat) || !Number.isFinite(lng)) return;
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return;
    try {
      const { default: tzlookup } = await import('@photostructure/tz-lookup');
      if (run !== lookups.current) return;
      const zone = tzlookup(lat, lng);
      const select = document.getElementById(fields.timeZone.id);
      if (select instanceof HTMLSelectElement && zone && ![...select.options].some((option) => option.value === zone))
        select.add(new Option(zone, zone));
      form.update({ name: fields.timeZone.name, value: zone });
    } catch {
      // An invalid position: the schema's message shows on the coordinates.
    }
  };
  const currentValue = (id: string) => {
    const input = document.getElementById(id);
    return input instanceof HTMLInputElement ? input.value : '';
  };

  const hasErrors = (names: ReadonlyArray<keyof typeof fields>) => names.some((name) => Boolean(fields[name].errors?.length));
  // The section whose rows were just added or removed without JavaScript opens again.
  const listIntent = listIntentName(actionData?.result?.intent);
  const rowsChanged = (name: string) => listIntent === name;
  // Never more rows than a list holds, whatever an answer carries (the schema says what is too many).
  const socialRows = fields.socialMedia.getFieldList().slice(0, MAX_LIST_ROWS);
  const buttonRows = fields.detailButtons.getFieldList().slice(0, MAX_LIST_ROWS);
  const storedSites = data.defaultValue.socialMedia.map((link) => link.site ?? '').filter((site) => site && !getSocialIcon(site));
  const siteChoices: Choice[] = [
    ...SOCIAL_ICONS.map((icon) => ({ value: icon.site, label: icon.label })),
    ...[...new Set(storedSites)].map((site) => ({ value: site, label: titleCase(site) })),
  ];
  const storedIcons = data.defaultValue.detailButtons.map((button) => button.icon ?? '').filter((icon) => icon && !getMenuIcon(icon));
  const iconChoices: Choice[] = [...ICON_CHOICES, ...[...new Set(storedIcons)].map((icon) => ({ value: icon, label: icon }))];
  const pulled = actionData?.pulled ?? null;
  const pullFailed = actionData?.notice ?? null;
  const designOpen = useStickyOpen(Boolean(hasErrors([...COLOR_FIELDS, 'iconSet'])) || pulled !== null || pullFailed !== null);
  const buttonsOpen = useStickyOpen(rowsChanged(fields.detailButtons.name) || listHasErrors(fields.detailButtons));
  const socialOpen = useStickyOpen(rowsChanged(fields.socialMedia.name) || listHasErrors(fields.socialMedia));

  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="5">
        {adding ? 'Add Community' : 'Community Setup'}
      </Heading>
      {/* data-hydrated: the time zone follows the coordinates only once React listens (tests wait for it). */}
      <Form method="post" action={`/${data.mode}`} {...getFormProps(form)} data-hydrated={hydrated ? '' : undefined}>
        {/* The default button: Enter in a field saves (not the first row's Remove or the time zone lookup). */}
        <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <VersionField version={actionData?.version ?? data.version} />
        <Flex direction="column" gap="3">
          <FormErrors id={form.errorId} errors={form.errors} />
          <ConflictNotice conflict={actionData?.conflict} />

          <Section title="Community Information" open>
            <TextField field={fields.title} label="Title" hint={adding ? 'The community key is made from the title.' : undefined} />
            <TextField field={fields.name} label="Name" />
            <TextField field={fields.displayName} label="Display Name" />
            <TextField field={fields.appName} label="App Name" />
            <RichTextField field={fields.htmlDescription} label="Description" />
            <TextField field={fields.address} label="Address" autoComplete="street-address" />
            <TextField field={fields.city} label="City" />
            <div className="form-grid">
              <TextField field={fields.state} label="State" />
              <TextField field={fields.zip} label="Zip" />
            </div>
            <div className="form-grid">
              <TextField
                field={fields.latitude}
                label="Latitude"
                inputMode="decimal"
                onInput={(value) => void followPosition(value, currentValue(fields.longitude.id))}
              />
              <TextField
                field={fields.longitude}
                label="Longitude"
                inputMode="decimal"
                onInput={(value) => void followPosition(currentValue(fields.latitude.id), value)}
              />
            </div>
            <SelectField
              field={fields.timeZone}
              label="Time Zone"
              empty="Select a time zone"
              choices={data.timeZones.map((zone) => ({ value: zone, label: timeZoneLabel(zone) }))}
              hint="Filled from the latitude and longitude; you can change it."
            />
            <div>
              <Button type="submit" name="intent" value="lookup-timezone" variant="soft" size="1" formNoValidate>
                Look up time zone
              </Button>
            </div>
            <TextField field={fields.phone} label="Phone" type="tel" />
            <TextField field={fields.website} label="Website" type="url" />
            <TextField field={fields.reservationURL} label="Reservation URL" type="url" />
            <TextField field={fields.regulationsURL} label="Regulations URL" type="url" />
            <SelectField
              field={fields.communityType}
              label="Community Type"
              choices={COMMUNITY_TYPES.map((type) => ({ value: type, label: COMMUNITY_TYPE_LABELS[type] }))}
            />
            {data.showHomeScreenImage ? (
              <TextField field={fields.drawable} label="Home Screen Image" type="url" hint="The image's address (https://…)." />
            ) : null}
            {data.canSetListing ? (
              <Flex direction="column" gap="2">
                <CheckboxField field={fields.listed} label="Listed" onChange={setListed} />
                {listed ? (
                  <>
                    <CheckboxField field={fields.isBusinessOnly} label="Business Only" />
                    <CheckboxField field={fields.inProgress} label="In Progress" />
                  </>
                ) : null}
              </Flex>
            ) : null}
          </Section>

          <Section title="App Design" open={designOpen}>
            <div className="form-grid">
              {COLOR_FIELDS.map((field) => (
                <ColorField key={field} field={fields[field]} label={COLOR_LABELS[field]} />
              ))}
            </div>
            <CheckboxField field={fields.colorIconShapeRandom} label="Random Icon Shape Colors" />
            <CheckboxField field={fields.colorIconBackgroundRandom} label="Random Icon Background Colors" />
            <SelectField field={fields.iconSet} label="Icon Set" choices={data.iconSets} />
            {pulled ? (
              <Callout.Root color="green" role="status" size="1">
                <Callout.Text>{`${pulled.message}. Submit to save them.`}</Callout.Text>
              </Callout.Root>
            ) : null}
            {pullFailed ? <Notice>{pullFailed}</Notice> : null}
            {!adding && data.pullSources.length > 0 ? (
              <Flex direction="column" gap="1">
                <Text as="label" size="2" weight="medium" htmlFor="pull-colors-source">
                  Pull colors from
                </Text>
                <Flex gap="2">
                  <select id="pull-colors-source" name="sourceKey" className="form-control">
                    {data.pullSources.map((source) => (
                      <option key={source.key} value={source.key}>
                        {source.title}
                      </option>
                    ))}
                  </select>
                  <Button type="submit" name="intent" value="pull-colors" variant="soft" formNoValidate>
                    Pull Colors
                  </Button>
                </Flex>
              </Flex>
            ) : null}
          </Section>

          {data.isBusinessOnly ? (
            <Section title="Additional Buttons" id="additional-buttons" open={buttonsOpen}>
              {buttonRows.length === 0 ? (
                <Text size="2" color="gray">
                  No additional buttons yet.
                </Text>
              ) : null}
              {buttonRows.map((row, index) => {
                const button = row.getFieldset();
                const action = DETAIL_BUTTON_ACTIONS.find((candidate) => candidate === button.action.value);
                const icon = button.icon.value;
                return (
                  <fieldset key={row.key ?? row.id} className="form-row" aria-label={`Button ${index + 1}`}>
                    <legend>Button {index + 1}</legend>
                    <TextField field={button.title} label="Title" />
                    <Flex gap="3" align="end">
                      <div className="form-grow">
                        <SelectField field={button.icon} label="Icon" empty="Select an icon" choices={iconChoices} />
                      </div>
                      {/* The chosen glyph (the app draws it in the button's colours). */}
                      <span
                        className="form-row-icon"
                        aria-hidden="true"
                        dangerouslySetInnerHTML={{ __html: (icon && getMenuIcon(icon)?.svg) || '' }}
                      />
                    </Flex>
                    <SelectField field={button.action} label="Action" empty="Select an action" choices={ACTION_CHOICES} />
                    <TextField
                      field={button.actionKey}
                      label="Link, key, phone or e-mail"
                      type={action === 'website' || action === 'file' ? 'url' : action === 'call' ? 'tel' : 'text'}
                      hint={
                        action && DETAIL_BUTTON_KEY_HINTS[action]
                          ? DETAIL_BUTTON_KEY_HINTS[action]
                          : 'What the action opens: an address, a key, a phone number or an e-mail address.'
                      }
                    />
                    <CheckboxField
                      field={button.webview}
                      label="Open in the app's web view"
                      hint={action && !WEBVIEW_ACTIONS.includes(action) ? 'Only Website and File open in the web view.' : undefined}
                    />
                    <div>
                      <RemoveRowButton
                        intent={form.remove.getButtonProps({ name: fields.detailButtons.name, index })}
                        label={`Remove button ${index + 1}`}
                      />
                    </div>
                  </fieldset>
                );
              })}
              <div>
                <Button {...form.insert.getButtonProps({ name: fields.detailButtons.name })} variant="soft" size="2">
                  Add button
                </Button>
              </div>
            </Section>
          ) : (
            <Section title="Social Media" id="social-media" open={socialOpen}>
              {socialRows.length === 0 ? (
                <Text size="2" color="gray">
                  No social media links yet.
                </Text>
              ) : null}
              {socialRows.map((row, index) => {
                const link = row.getFieldset();
                const site = getSocialIcon(link.site.value);
                return (
                  <fieldset key={row.key ?? row.id} className="form-row" aria-label={`Link ${index + 1}`}>
                    <legend>
                      {site ? (
                        <span className="form-legend-icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: site.svg }} />
                      ) : null}
                      Link {index + 1}
                    </legend>
                    <SelectField field={link.site} label="Site" empty="Select a site" choices={siteChoices} />
                    <TextField field={link.url} label="URL" type="url" placeholder="https://…" />
                    <div>
                      <RemoveRowButton
                        intent={form.remove.getButtonProps({ name: fields.socialMedia.name, index })}
                        label={`Remove link ${index + 1}`}
                      />
                    </div>
                  </fieldset>
                );
              })}
              <div>
                <Button {...form.insert.getButtonProps({ name: fields.socialMedia.name })} variant="soft" size="2">
                  Add link
                </Button>
              </div>
            </Section>
          )}

          {!adding && !data.isBusinessOnly ? (
            <Section title="QR Code">
              {data.qr ? (
                <Flex direction="column" gap="2" align="start">
                  <img src={data.qr.svg} alt={`QR code for ${data.qr.target}`} width={200} height={200} />
                  <Text size="1" color="gray" style={{ wordBreak: 'break-all' }}>
                    {data.qr.target}
                  </Text>
                  <RadixLink href={data.qr.png} download={`${data.communityKey ?? 'community'}-qr-code.png`}>
                    Download QR Code
                  </RadixLink>
                </Flex>
              ) : (
                <Text size="2" color="gray">
                  Add the app&rsquo;s one-link or a website to get a QR code.
                </Text>
              )}
            </Section>
          ) : null}

          {actionData?.confirm ? <ConfirmDialog confirm={actionData.confirm} /> : null}

          <FormActions submitLabel="Submit" busy={saving} />
        </Flex>
      </Form>
    </Flex>
  );
}

export const SELECT_MENU_TYPE_TITLE = 'Select Menu Type';

/**
 * The confirmation steps (spec 01 §4.4), rendered inside the form so their buttons post it
 * with everything typed: 'Convert Icons' and 'Select Menu Type'.
 */
function ConfirmDialog({ confirm }: { confirm: SetupConfirm }) {
  const cancel = (
    <Button type="submit" name="intent" value="cancel-confirm" variant="soft" color="gray" formNoValidate data-dialog-cancel="">
      Cancel
    </Button>
  );
  if (confirm.kind === 'convert-icons') {
    return (
      <PageDialog
        title={CONVERT_ICONS_TITLE}
        description={CONVERT_ICONS_TEXT}
        actions={
          <>
            {cancel}
            <Button type="submit" name="intent" value="convert-icons" data-autofocus>
              Continue
            </Button>
          </>
        }
      />
    );
  }
  return (
    <PageDialog
      title={SELECT_MENU_TYPE_TITLE}
      description="The menu icons get new colours for the random colour mode. Generate new colours for any item, then press OK."
      actions={
        <>
          {cancel}
          <Button type="submit" name="intent" value="apply-colors" data-autofocus>
            OK
          </Button>
        </>
      }
    >
      <Flex align="center" gap="2">
        <img src={confirm.sample} alt="" width={48} height={48} />
        <Text size="2" color="gray">
          Preview in sample colours
        </Text>
      </Flex>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {confirm.items.map((item) => (
          <li key={item.index} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <input type="hidden" name={`menuColor.${item.index}.shape`} value={item.colorIconShape} />
            <input type="hidden" name={`menuColor.${item.index}.background`} value={item.colorIconBackground} />
            <img src={item.preview} alt="" width={40} height={40} />
            <Text size="2" style={{ flex: 1 }}>
              {item.title}
            </Text>
            <Button
              type="submit"
              name="intent"
              value={`regenerate-item:${item.index}`}
              size="1"
              variant="soft"
              aria-label={`Generate New Color(s) for ${item.title}`}
            >
              Generate New Color(s)
            </Button>
          </li>
        ))}
      </ul>
    </PageDialog>
  );
}
