import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { Form, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { FormActions } from '~/components/forms/form-actions';
import { timeZoneLabel } from '~/lib/timezones';
import {
  COLOR_FIELDS,
  COLOR_LABELS,
  COMMUNITY_TYPES,
  COMMUNITY_TYPE_LABELS,
  CommunitySchema,
  DETAIL_BUTTON_ACTIONS,
  SOCIAL_SITES,
} from '~/schemas/community';
import { PageDialog } from '~/components/ui/dialog';
import { CONVERT_ICONS_TEXT, CONVERT_ICONS_TITLE } from '~/lib/icons/icon-sets';
import type { CommunitySetupActionData, CommunitySetupData, SetupConfirm } from './community-setup.server';
import { Checkbox, Section, Select, TextArea, TextInput, selectStyle } from './community-setup-fields';
import type { PanelProps } from './registry';

/**
 * Community setup and Add Community (spec 01 §2.7): accordion sections as <details>, every
 * button a form post, so the screen works on browsers without JavaScript. With JavaScript the
 * schema validates as you type and the time zone follows the coordinates.
 */

const PULL_FORM_ID = 'pull-colors-form';

const checkbox = (value: boolean) => (value ? 'on' : undefined);

const titleCase = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

function withBlankRow<T extends object>(rows: T[]): Array<Partial<T>> {
  return [...rows, {}];
}

function CommunitySetupForm({ data, actionData }: { data: CommunitySetupData; actionData: CommunitySetupActionData | undefined }) {
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
      socialMedia: withBlankRow(data.defaultValue.socialMedia),
      detailButtons: withBlankRow(data.defaultValue.detailButtons),
    },
    constraint: getZodConstraint(CommunitySchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CommunitySchema }),
  });

  // With JavaScript the time zone follows the coordinates as they are typed (offline lookup).
  const followPosition = async (latitude: string, longitude: string) => {
    const lat = Number(latitude);
    const lng = Number(longitude);
    if (latitude.trim() === '' || longitude.trim() === '' || !Number.isFinite(lat) || !Number.isFinite(lng)) return;
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return;
    try {
      const { default: tzlookup } = await import('@photostructure/tz-lookup');
      const zone = tzlookup(lat, lng);
      const select = document.getElementById(fields.timeZone.id) as HTMLSelectElement | null;
      if (select && zone && ![...select.options].some((option) => option.value === zone)) select.add(new Option(zone, zone));
      form.update({ name: fields.timeZone.name, value: zone });
    } catch {
      // An invalid position: the schema's message shows on the coordinates.
    }
  };
  const currentValue = (id: string) => (document.getElementById(id) as HTMLInputElement | null)?.value ?? '';

  const hasErrors = (names: string[]) => names.some((name) => (fields as Record<string, { errors?: string[] }>)[name]?.errors?.length);
  const socialRows = fields.socialMedia.getFieldList();
  const buttonRows = fields.detailButtons.getFieldList();
  const socialSites = [...new Set([...SOCIAL_SITES, ...data.defaultValue.socialMedia.map((link) => link.site ?? '').filter(Boolean)])];

  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="5">
        {adding ? 'Add Community' : 'Community Setup'}
      </Heading>
      {/* The pull-colours form sits outside the main form (forms cannot nest); its controls join it by id. */}
      {!adding ? <Form method="post" id={PULL_FORM_ID} action={`/${data.mode}`} /> : null}
      <Form method="post" action={`/${data.mode}`} {...getFormProps(form)}>
        <Flex direction="column" gap="1">
          {form.errors?.length ? (
            <Text color="red" size="2" role="alert" id={form.errorId}>
              {form.errors.join(' ')}
            </Text>
          ) : null}

          <Section title="Community Information" open>
            <TextInput field={fields.title} label="Title" hint={adding ? 'The community key is made from the title.' : undefined} />
            <TextInput field={fields.name} label="Name" />
            <TextInput field={fields.displayName} label="Display Name" />
            <TextInput field={fields.appName} label="App Name" />
            <TextArea field={fields.description} label="Description" />
            <TextInput field={fields.address} label="Address" autoComplete="street-address" />
            <TextInput field={fields.city} label="City" />
            <Flex gap="2">
              <TextInput field={fields.state} label="State" />
              <TextInput field={fields.zip} label="Zip" />
            </Flex>
            <Flex gap="2">
              <TextInput
                field={fields.latitude}
                label="Latitude"
                inputMode="decimal"
                onInput={(value) => void followPosition(value, currentValue(fields.longitude.id))}
              />
              <TextInput
                field={fields.longitude}
                label="Longitude"
                inputMode="decimal"
                onInput={(value) => void followPosition(currentValue(fields.latitude.id), value)}
              />
            </Flex>
            <Select
              field={fields.timeZone}
              label="Time Zone"
              placeholder="Select a time zone"
              options={data.timeZones.map((zone) => ({ value: zone, label: timeZoneLabel(zone) }))}
              hint="Filled from the latitude and longitude; you can change it."
            />
            <div>
              <Button type="submit" name="intent" value="lookup-timezone" variant="soft" size="1" formNoValidate>
                Look up time zone
              </Button>
            </div>
            <TextInput field={fields.phone} label="Phone" type="tel" />
            <TextInput field={fields.website} label="Website" type="url" />
            <TextInput field={fields.reservationURL} label="Reservation URL" type="url" />
            <TextInput field={fields.regulationsURL} label="Regulations URL" type="url" />
            <Select
              field={fields.communityType}
              label="Community Type"
              options={COMMUNITY_TYPES.map((type) => ({ value: type, label: COMMUNITY_TYPE_LABELS[type] }))}
            />
            {data.showHomeScreenImage ? <TextInput field={fields.drawable} label="Home Screen Image" type="url" hint="The image's address (https://…)." /> : null}
            {data.canSetListing ? (
              <Flex direction="column" gap="2">
                <Checkbox field={fields.listed} label="Listed" onChange={setListed} />
                {listed ? (
                  <>
                    <Checkbox field={fields.isBusinessOnly} label="Business Only" />
                    <Checkbox field={fields.inProgress} label="In Progress" />
                  </>
                ) : null}
              </Flex>
            ) : null}
          </Section>

          <Section title="App Design" open={hasErrors([...COLOR_FIELDS, 'iconSet'])}>
            {COLOR_FIELDS.map((field) => (
              <TextInput key={field} field={fields[field]} label={COLOR_LABELS[field]} type="color" />
            ))}
            <Checkbox field={fields.colorIconShapeRandom} label="Random Icon Shape Colors" />
            <Checkbox field={fields.colorIconBackgroundRandom} label="Random Icon Background Colors" />
            <Select field={fields.iconSet} label="Icon Set" options={data.iconSets.map((set) => ({ value: set, label: set }))} />
            {!adding && data.pullSources.length > 0 ? (
              <Flex direction="column" gap="1">
                <Text as="label" size="2" weight="medium" htmlFor="pull-colors-source">
                  Pull colors from
                </Text>
                <Flex gap="2">
                  <select id="pull-colors-source" name="sourceKey" form={PULL_FORM_ID} style={selectStyle}>
                    {data.pullSources.map((source) => (
                      <option key={source.key} value={source.key}>
                        {source.title}
                      </option>
                    ))}
                  </select>
                  <Button type="submit" form={PULL_FORM_ID} name="intent" value="pull-colors" variant="soft" formNoValidate>
                    Pull Colors
                  </Button>
                </Flex>
              </Flex>
            ) : null}
          </Section>

          {data.isBusinessOnly ? (
            <Section title="Additional Buttons" open={Boolean(fields.detailButtons.errors?.length) || buttonRows.some((row) => Object.values(row.getFieldset()).some((f) => f.errors?.length))}>
              {buttonRows.map((row, index) => {
                const button = row.getFieldset();
                return (
                  <fieldset key={row.key} style={{ border: '1px solid var(--gray-a5)', borderRadius: 'var(--radius-2)', padding: 8 }}>
                    <legend>
                      <Text size="2">Button {index + 1}</Text>
                    </legend>
                    <Flex direction="column" gap="2">
                      <TextInput field={button.title} label="Title" />
                      <Select
                        field={button.action}
                        label="Action"
                        placeholder="Select an action"
                        options={DETAIL_BUTTON_ACTIONS.map((action) => ({ value: action, label: titleCase(action) }))}
                      />
                      <TextInput field={button.actionKey} label="Link, phone or e-mail" />
                    </Flex>
                  </fieldset>
                );
              })}
              <Text size="1" color="gray">
                Clear a button's fields to remove it; save to get another empty row.
              </Text>
            </Section>
          ) : (
            <Section title="Social Media" open={socialRows.some((row) => Object.values(row.getFieldset()).some((f) => f.errors?.length))}>
              {socialRows.map((row, index) => {
                const link = row.getFieldset();
                return (
                  <fieldset key={row.key} style={{ border: '1px solid var(--gray-a5)', borderRadius: 'var(--radius-2)', padding: 8 }}>
                    <legend>
                      <Text size="2">Link {index + 1}</Text>
                    </legend>
                    <Flex direction="column" gap="2">
                      <Select
                        field={link.site}
                        label="Site"
                        placeholder="Select a site"
                        options={socialSites.map((site) => ({ value: site, label: titleCase(site) }))}
                      />
                      <TextInput field={link.url} label="URL" type="url" />
                    </Flex>
                  </fieldset>
                );
              })}
              <Text size="1" color="gray">
                Clear a link's fields to remove it; save to get another empty row.
              </Text>
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
                  Add the app's one-link or a website to get a QR code.
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
    <Button type="submit" name="intent" value="cancel-confirm" variant="soft" color="gray" formNoValidate>
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
            <Button type="submit" name="intent" value={`regenerate-item:${item.index}`} size="1" variant="soft" aria-label={`Generate New Color(s) for ${item.title}`}>
              Generate New Color(s)
            </Button>
          </li>
        ))}
      </ul>
    </PageDialog>
  );
}

export function CommunitySetupPanel({ data, actionData }: PanelProps<CommunitySetupData, CommunitySetupActionData>) {
  return <CommunitySetupForm data={data} actionData={actionData} />;
}

export function AddCommunityPanel({ data, actionData }: PanelProps<CommunitySetupData, CommunitySetupActionData>) {
  return <CommunitySetupForm data={data} actionData={actionData} />;
}
