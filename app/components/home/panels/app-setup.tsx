import { getFormProps, useForm, type FieldMetadata } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { ErrorList } from '~/components/forms/error-list';
import { FileField, FormErrors, Notice, Section, SelectField, TextAreaField, TextField, TriStateField } from '~/components/forms/fields';
import { FormActions } from '~/components/forms/form-actions';
import { validateOnSave } from '~/components/forms/validate';
import {
  ADVANCED_FLAGS,
  ADVANCED_TEXT_FIELDS,
  APP_ASSETS,
  APP_SETTINGS_FLAGS,
  APP_TEXT_LIMITS,
  APP_TYPES,
  AppSetupSchema,
  COLOUR_FIELDS,
  LOCATION_TEXT_FIELDS,
  NUMBER_FIELDS,
  appChoiceLabel,
  recommendedHeaderSize,
  type AppAsset,
} from '~/schemas/app-setup';
import type { AppSetupActionData, AppSetupLoaderData } from './app-setup.server';
import type { PanelProps } from './registry';

/**
 * App setup (spec 01 §2.8, §3.4, §5): an app id picker (a GET form, so the page loads that
 * app's record), the app name and the accordion Deployment Assets, App Settings and Advanced
 * Settings; Save App Configuration and Cancel. Everything is a plain form post; the accordion
 * is <details>; three-state flags are 'Not set / Yes / No' selects. Each stored asset's size is
 * compared with the recommended one and a different size is named in a warning.
 */
export function AppSetupPanel({ data, actionData }: PanelProps<AppSetupLoaderData, AppSetupActionData>) {
  // Marks the panel once React runs, so tests with JavaScript act after hydration.
  const hydrated = useHydrated();
  return (
    <Flex direction="column" gap="4" asChild>
      <section aria-labelledby="app-setup-title" data-hydrated={hydrated ? '' : undefined}>
        <Heading as="h2" size="5" id="app-setup-title">
          App Setup
        </Heading>
        <AppPicker data={data} />
        {data.loadError ? <Notice>{data.loadError}</Notice> : null}
        {/* A new form per app and per saved record, so the fields (file inputs too) show what is stored. */}
        <AppSetupForm key={`${data.appId ?? ''}:${JSON.stringify(data.values)}`} data={data} actionData={actionData} />
      </section>
    </Flex>
  );
}

/** The app id picker: each app of getAppList as 'displayName (packageName)' (spec 01 §3.8, §7.2). */
function AppPicker({ data }: { data: AppSetupLoaderData }) {
  const known = data.apps.some((app) => app.packageName === data.appId);
  return (
    <Form method="get" action="/app-setup" aria-label="Choose an app">
      <Flex direction="column" gap="2">
        {data.appsError ? <Notice>{data.appsError}</Notice> : null}
        <Text as="label" size="2" weight="medium" htmlFor="app-setup-app-id">
          App ID
        </Text>
        <Flex gap="2" align="center">
          {/* Keyed by the choice and the list, so the selection follows a reload that adds the app to the list. */}
          <select
            key={`${data.appId ?? ''}:${data.apps.length}:${known}`}
            id="app-setup-app-id"
            name="appId"
            className="form-control"
            defaultValue={data.appId ?? ''}
          >
            <option value="">Select an app ID</option>
            {data.appId && !known ? <option value={data.appId}>{`${data.appId} (new)`}</option> : null}
            {data.apps.map((app) => (
              <option key={app.packageName} value={app.packageName}>
                {appChoiceLabel(app)}
              </option>
            ))}
          </select>
          <Button type="submit" variant="soft">
            Load App
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

function AppSetupForm({ data, actionData }: { data: AppSetupLoaderData; actionData: AppSetupActionData | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: 'app-setup',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: data.values,
    constraint: getZodConstraint(AppSetupSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateOnSave(AppSetupSchema),
  });
  const anyFields = fields as unknown as Record<string, FieldMetadata<string | undefined>>;
  const action = data.appId ? `/app-setup?${new URLSearchParams({ appId: data.appId })}` : '/app-setup';
  const busy = navigation.state === 'submitting';
  // A section holding an error opens, so the message is seen (also without JavaScript).
  const hasErrors = (names: readonly string[]) => names.some((name) => Boolean(anyFields[name]?.errors?.length));
  const appSettingsOpen = useStickyOpen(
    hasErrors(['appType', 'cLocationId', ...Object.keys(APP_SETTINGS_FLAGS), ...Object.keys(LOCATION_TEXT_FIELDS)]),
  );
  const advancedOpen = useStickyOpen(
    hasErrors([
      ...Object.keys(ADVANCED_FLAGS),
      ...Object.keys(NUMBER_FIELDS),
      ...Object.keys(ADVANCED_TEXT_FIELDS),
      ...Object.keys(COLOUR_FIELDS),
    ]),
  );
  const appType = fields.appType.value ?? data.values.appType;
  const header = recommendedHeaderSize(appType);

  return (
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} noValidate>
      {/* The default button: Enter in a field saves rather than uploading the first asset. */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <Flex direction="column" gap="4">
        <FormErrors id={form.errorId} errors={form.errors} />
        {actionData?.uploadError ? <Notice>{`${actionData.uploadError.title}: ${actionData.uploadError.message}`}</Notice> : null}

        <input type="hidden" name={fields.appId.name} value={data.appId ?? ''} />
        {fields.appId.errors?.length ? <ErrorList id={fields.appId.errorId} errors={fields.appId.errors} /> : null}

        <TextField field={fields.appName} label="App Name" hint={`At most ${APP_TEXT_LIMITS.appName} characters.`} />

        <Section title="Deployment Assets" open>
          {APP_ASSETS.map((asset) => (
            <AssetField key={asset.field} asset={asset} field={anyFields[asset.field]} data={data} busy={busy} />
          ))}
          <TextField field={fields.appTitle} label="App Title" hint={`At most ${APP_TEXT_LIMITS.appTitle} characters.`} />
          <TextField
            field={fields.shortDescription}
            label="Short Description"
            hint={`At most ${APP_TEXT_LIMITS.shortDescription} characters.`}
          />
          <TextAreaField
            field={fields.description}
            label="Full Description"
            hint={`At most ${APP_TEXT_LIMITS.description} characters.`}
            rows={6}
          />
          <TextField
            field={fields.keywords}
            label="Keywords"
            hint={`Comma separated, at most ${APP_TEXT_LIMITS.keywords} characters (iOS only).`}
          />
        </Section>

        <Section title="App Settings" open={appSettingsOpen}>
          <SelectField
            field={fields.appType}
            label="App Type"
            empty="Not set"
            choices={APP_TYPES.map((type) => ({ value: type, label: type }))}
          />
          <TextField field={fields.cLocationId} label="Location ID (cLocationId)" />
          {Object.entries(APP_SETTINGS_FLAGS).map(([name, label]) => (
            <TriStateField key={name} field={anyFields[name]} label={label} />
          ))}
          {Object.entries(LOCATION_TEXT_FIELDS).map(([name, label]) => (
            <TextField key={name} field={anyFields[name]} label={label} />
          ))}
        </Section>

        <Section title="Advanced Settings" open={advancedOpen}>
          {Object.entries(ADVANCED_FLAGS).map(([name, label]) => (
            <TriStateField key={name} field={anyFields[name]} label={label} />
          ))}
          {Object.entries(NUMBER_FIELDS).map(([name, label]) => (
            <TextField key={name} field={anyFields[name]} label={label} type="number" hint="A whole number, 0 or more." />
          ))}
          {Object.entries(ADVANCED_TEXT_FIELDS).map(([name, label]) => (
            <TextField
              key={name}
              field={anyFields[name]}
              label={label}
              hint={
                name === 'headerURL'
                  ? `The header image's address. Recommended size: 1125x450 pixels for esp apps, 1125x600 for the others${appType ? ` (this app: ${header.width}x${header.height})` : ''}.`
                  : undefined
              }
            />
          ))}
          <div className="form-grid">
            {Object.entries(COLOUR_FIELDS).map(([name, label]) => (
              <TextField key={name} field={anyFields[name]} label={label} placeholder="#RRGGBB" />
            ))}
          </div>
        </Section>

        <FormActions submitLabel="Save App Configuration" busy={busy} />
      </Flex>
    </Form>
  );
}

/**
 * One deployment asset: the current image (or an empty frame), the file input with its Upload
 * button, the recommended size, and a warning when the stored image has another size.
 */
function AssetField({
  asset,
  field,
  data,
  busy,
}: {
  asset: AppAsset;
  field: FieldMetadata<string | undefined>;
  data: AppSetupLoaderData;
  busy: boolean;
}) {
  const current = data.values[asset.field];
  const check = data.assetChecks?.[asset.field];
  return (
    <div className="asset-row">
      <div className="asset-preview">{current ? <img src={current} alt={`Current ${asset.noun}`} /> : <span>No image yet</span>}</div>
      <Flex direction="column" gap="2">
        <FileField
          field={field}
          label={asset.label}
          accept={['image/png', 'image/jpeg']}
          hint={`PNG or JPEG, recommended ${asset.width}x${asset.height} pixels.`}
          action={
            <Button type="submit" name="intent" value={`upload-${asset.field}`} variant="soft" size="1" disabled={busy} formNoValidate>
              Upload {asset.label}
            </Button>
          }
        />
        {check?.warning ? <Notice tone="warning">{check.warning}</Notice> : null}
        {check?.size && !check.warning ? (
          <Text size="1" color="green">
            {`${check.size.width}x${check.size.height} pixels, the recommended size.`}
          </Text>
        ) : null}
      </Flex>
    </div>
  );
}

/** A section opened to show an error stays open once the error is fixed. */
function useStickyOpen(open: boolean): boolean {
  const opened = useRef(open);
  if (open) opened.current = true;
  return opened.current;
}

/** True once the component has hydrated in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
