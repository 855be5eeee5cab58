import { getFormProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod';
import { Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { z } from 'zod';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { ErrorList } from '~/components/forms/error-list';
import {
  FieldLabel,
  FileField,
  FormErrors,
  Notice,
  Section,
  SelectField,
  TextAreaField,
  TextField,
  TriStateField,
} from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { FormActions } from '~/components/forms/form-actions';
import { validateOnSave } from '~/components/forms/validate';
import { hrefs } from '~/lib/hrefs';
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
  keysOf,
  recommendedHeaderSize,
  type AppAsset,
  type AppAssetField,
} from '~/schemas/app-setup';
import type { AppSetupActionData, AppSetupLoaderData } from './app-setup.server';

/**
 * App setup (spec 01 §2.8, §3.4, §5): the app id picker with Load App, the app name and the
 * accordion Deployment Assets, App Settings and Advanced Settings; Save App Configuration and
 * Cancel. Everything is a plain form post; the accordion is <details>; three-state flags are
 * 'Not set / Yes / No' selects. The picker is part of the form, so the app it shows is the app
 * Save and Upload write to (the server refuses another app than the one the fields are from).
 * Each stored asset's size is compared with the recommended one; a different size is named in
 * a warning beside it.
 */

/** The form's values: the record's fields and the three asset files. */
type AppSetupFormShape = z.input<typeof AppSetupSchema> & Partial<Record<AppAssetField, File>>;

export function AppSetupScreen({ data, actionData }: { data: AppSetupLoaderData; actionData: AppSetupActionData | undefined }) {
  // Marks the screen once React runs, so tests with JavaScript act after hydration.
  const hydrated = useHydrated();
  // A new form per app and per saved record (an upload changes only an asset's address, so the
  // fields typed around it stay).
  const { appIcon: _appIcon, notificationIcon: _notificationIcon, featuredImage: _featuredImage, ...record } = data.values;
  return (
    <Flex direction="column" gap="4" asChild>
      <section aria-labelledby="app-setup-title" data-hydrated={hydrated ? '' : undefined}>
        <Heading as="h2" size="5" id="app-setup-title">
          App Setup
        </Heading>
        {data.appsError ? <Notice>{data.appsError}</Notice> : null}
        {data.loadError ? <Notice>{data.loadError}</Notice> : null}
        <AppSetupForm key={`${data.appId ?? ''}:${JSON.stringify(record)}`} data={data} actionData={actionData} />
      </section>
    </Flex>
  );
}

function AppSetupForm({ data, actionData }: { data: AppSetupLoaderData; actionData: AppSetupActionData | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<AppSetupFormShape>({
    id: 'app-setup',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: data.values,
    constraint: getZodConstraint(AppSetupSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateOnSave(AppSetupSchema),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const uploaded = navigation.state === 'idle' ? (actionData?.uploaded ?? null) : null;
  // The uploaded file is stored: its input empties, so Save does not send it again.
  useEffect(() => {
    if (!uploaded) return;
    const input = formRef.current?.elements.namedItem(uploaded.field);
    if (input instanceof HTMLInputElement) input.value = '';
  }, [uploaded]);
  const action = hrefs.homeAction('app-setup', data.appId ? new URLSearchParams({ appId: data.appId }) : undefined);
  const busy = navigation.state === 'submitting';
  // A section holding an error opens, so the message is seen (also without JavaScript).
  const hasErrors = (names: ReadonlyArray<keyof AppSetupFormShape>) => names.some((name) => Boolean(fields[name].errors?.length));
  const appSettingsOpen = useStickyOpen(
    hasErrors(['appType', 'cLocationId', ...keysOf(APP_SETTINGS_FLAGS), ...keysOf(LOCATION_TEXT_FIELDS)]),
  );
  const advancedOpen = useStickyOpen(
    hasErrors([...keysOf(ADVANCED_FLAGS), ...keysOf(NUMBER_FIELDS), ...keysOf(ADVANCED_TEXT_FIELDS), ...keysOf(COLOUR_FIELDS)]),
  );
  const appType = fields.appType.value ?? data.values.appType;
  const header = recommendedHeaderSize(appType);

  return (
    <Form ref={formRef} method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} noValidate>
      {/* The default button: Enter in a field saves rather than uploading the first asset. */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <VersionField version={actionData?.version ?? data.version} />
      <Flex direction="column" gap="4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <ConflictNotice conflict={navigation.state === 'idle' ? actionData?.conflict : null} />
        {actionData?.uploadError ? <Notice failure>{`${actionData.uploadError.title}: ${actionData.uploadError.message}`}</Notice> : null}

        <AppPicker data={data} field={fields.appId} busy={busy} />

        <TextField field={fields.appName} label="App Name" hint={`At most ${APP_TEXT_LIMITS.appName} characters.`} />

        <Section title="Deployment Assets" open>
          {APP_ASSETS.map((asset) => (
            <AssetField
              key={asset.field}
              asset={asset}
              field={fields[asset.field]}
              data={data}
              busy={busy}
              uploaded={uploaded?.field === asset.field ? uploaded.message : null}
            />
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
          {keysOf(APP_SETTINGS_FLAGS).map((name) => (
            <TriStateField key={name} field={fields[name]} label={APP_SETTINGS_FLAGS[name]} />
          ))}
          {keysOf(LOCATION_TEXT_FIELDS).map((name) => (
            <TextField key={name} field={fields[name]} label={LOCATION_TEXT_FIELDS[name]} />
          ))}
        </Section>

        <Section title="Advanced Settings" open={advancedOpen}>
          {keysOf(ADVANCED_FLAGS).map((name) => (
            <TriStateField key={name} field={fields[name]} label={ADVANCED_FLAGS[name]} />
          ))}
          {keysOf(NUMBER_FIELDS).map((name) => (
            <TextField key={name} field={fields[name]} label={NUMBER_FIELDS[name]} type="number" hint="A whole number, 0 or more." />
          ))}
          {keysOf(ADVANCED_TEXT_FIELDS).map((name) => (
            <TextField
              key={name}
              field={fields[name]}
              label={ADVANCED_TEXT_FIELDS[name]}
              hint={
                name === 'headerURL'
                  ? `The header image's address. Recommended size: 1125x450 pixels for esp apps, 1125x600 for the others${appType ? ` (this app: ${header.width}x${header.height})` : ''}.`
                  : undefined
              }
            />
          ))}
          <div className="form-grid">
            {keysOf(COLOUR_FIELDS).map((name) => (
              <TextField key={name} field={fields[name]} label={COLOUR_FIELDS[name]} placeholder="#RRGGBB" />
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
  uploaded,
}: {
  asset: AppAsset;
  field: Parameters<typeof FileField>[0]['field'];
  data: AppSetupLoaderData;
  busy: boolean;
  /** 'App icon uploaded successfully!' right after its Upload button stored it. */
  uploaded: string | null;
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
            <Button type="submit" name="intent" value={`upload:${asset.field}`} variant="soft" size="1" disabled={busy} formNoValidate>
              Upload {asset.label}
            </Button>
          }
        />
        {/* The success and a size warning are two messages, each in its own colour. */}
        {uploaded ? (
          <Callout.Root color="green" role="status" size="1">
            <Callout.Text>{uploaded}</Callout.Text>
          </Callout.Root>
        ) : null}
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

/**
 * The app id picker (spec 01 §3.8, §7.2): each app of getAppList as 'displayName (packageName)'.
 * It is the form's appId; Load App opens the chosen app (without JavaScript too).
 */
function AppPicker({ data, field, busy }: { data: AppSetupLoaderData; field: Parameters<typeof SelectField>[0]['field']; busy: boolean }) {
  const known = data.apps.some((app) => app.packageName === data.appId);
  const { key, ...props } = getSelectProps(field);
  return (
    <Flex direction="column" gap="1">
      <FieldLabel htmlFor={field.id}>App ID</FieldLabel>
      <Flex gap="2" align="center">
        {/* Keyed by the list too, so the selection follows a reload that adds the app to the list (an upload creates its record). */}
        <select key={`${key ?? ''}:${data.apps.length}:${known}`} {...props} className="form-control">
          <option value="">Select an app ID</option>
          {data.appId && !known ? <option value={data.appId}>{`${data.appId} (new)`}</option> : null}
          {data.apps.map((app) => (
            <option key={app.packageName} value={app.packageName}>
              {appChoiceLabel(app)}
            </option>
          ))}
        </select>
        <Button type="submit" name="intent" value="load" variant="soft" disabled={busy} formNoValidate>
          Load App
        </Button>
      </Flex>
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}
