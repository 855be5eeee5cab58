import { getFormProps, useForm, type FieldMetadata } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
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
} from '~/schemas/app-setup';
import type { AppSetupActionData, AppSetupLoaderData } from './app-setup.server';
import { ErrorList } from '~/components/forms/error-list';
import { FormActions } from '~/components/forms/form-actions';
import { Notice, PANEL_STYLES, Section, SelectInput, TextAreaInput, TextInput, TriStateInput } from './app-setup-fields';
import type { PanelProps } from './registry';

/**
 * App setup (spec 01 §2.8, §3.4, §5): an app id picker (a GET form, so the page loads that
 * app's record), the app name and the accordion Deployment Assets, App Settings and Advanced
 * Settings; Save App Configuration and Cancel. Everything is a plain form post; the accordion
 * is <details>; three-state flags are 'Not set / Yes / No' selects.
 */
export function AppSetupPanel({ data, actionData }: PanelProps<AppSetupLoaderData, AppSetupActionData>) {
  // Marks the panel once React runs, so tests with JavaScript act after hydration.
  const hydrated = useHydrated();
  return (
    <Flex direction="column" gap="4" asChild>
      <section aria-labelledby="app-setup-title" data-hydrated={hydrated ? '' : undefined}>
        <style>{PANEL_STYLES}</style>
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

function AppPicker({ data }: { data: AppSetupLoaderData }) {
  return (
    <Form method="get" action="/app-setup" aria-label="Choose an app">
      <Flex direction="column" gap="2">
        {data.appsError ? <Notice>{data.appsError}</Notice> : null}
        <Text as="label" size="2" weight="medium" htmlFor="app-setup-app-id">
          App ID
        </Text>
        <Flex gap="2" align="center" wrap="wrap">
          <select id="app-setup-app-id" name="appId" className="panel-select" defaultValue={data.appId ?? ''}>
            <option value="">Select an app ID</option>
            {data.appId && !data.apps.some((app) => app.id === data.appId) ? <option value={data.appId}>{`${data.appId} (new)`}</option> : null}
            {data.apps.map((app) => (
              <option key={app.id} value={app.id}>
                {app.name ? `${app.id} (${app.name})` : app.id}
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
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AppSetupSchema }),
  });
  const anyFields = fields as unknown as Record<string, FieldMetadata<string | undefined>>;
  const action = data.appId ? `/app-setup?${new URLSearchParams({ appId: data.appId })}` : '/app-setup';
  const busy = navigation.state === 'submitting';
  // A section holding an error opens, so the message is seen (also without JavaScript).
  const hasErrors = (names: readonly string[]) => names.some((name) => Boolean(anyFields[name]?.errors?.length));
  const appSettingsOpen = hasErrors(['appType', 'cLocationId', ...Object.keys(APP_SETTINGS_FLAGS), ...Object.keys(LOCATION_TEXT_FIELDS)]);
  const advancedOpen = hasErrors([...Object.keys(ADVANCED_FLAGS), ...Object.keys(NUMBER_FIELDS), ...Object.keys(ADVANCED_TEXT_FIELDS), ...Object.keys(COLOUR_FIELDS)]);

  return (
    <Form method="post" action={action} encType="multipart/form-data" {...getFormProps(form)} noValidate>
      <Flex direction="column" gap="4">
        {form.errors?.length ? (
          <Notice id={form.errorId}>
            {form.errors.map((error) => (
              <span key={error} style={{ display: 'block' }}>
                {error}
              </span>
            ))}
          </Notice>
        ) : null}
        {actionData?.uploadError ? <Notice>{`${actionData.uploadError.title}: ${actionData.uploadError.message}`}</Notice> : null}

        <input type="hidden" name={fields.appId.name} value={data.appId ?? ''} />
        {fields.appId.errors?.length ? <ErrorList id={fields.appId.errorId} errors={fields.appId.errors} /> : null}

        <TextInput field={fields.appName} label="App Name" hint={`At most ${APP_TEXT_LIMITS.appName} characters.`} />

        <Section title="Deployment Assets" open>
          {APP_ASSETS.map((asset) => {
            const current = data.values[asset.field];
            const field = anyFields[asset.field];
            return (
              <Flex key={asset.field} direction="column" gap="1">
                <Text as="label" size="2" weight="medium" htmlFor={`app-setup-${asset.field}`}>
                  {asset.label}
                </Text>
                {current ? <img className="panel-preview" src={current} alt={`Current ${asset.noun}`} /> : null}
                <Flex gap="2" align="center" wrap="wrap">
                  <input
                    id={`app-setup-${asset.field}`}
                    className="panel-file"
                    type="file"
                    name={asset.field}
                    accept="image/png,image/jpeg"
                    aria-describedby={`app-setup-${asset.field}-hint`}
                    aria-invalid={field?.errors?.length ? true : undefined}
                  />
                  <Button type="submit" name="intent" value={`upload-${asset.field}`} variant="soft" size="1" disabled={busy} formNoValidate>
                    Upload {asset.label}
                  </Button>
                </Flex>
                <Text id={`app-setup-${asset.field}-hint`} size="1" color="gray">
                  PNG or JPEG, {asset.size}.
                </Text>
                <ErrorList id={`app-setup-${asset.field}-error`} errors={field?.errors} />
              </Flex>
            );
          })}
          <TextInput field={fields.appTitle} label="App Title" hint={`At most ${APP_TEXT_LIMITS.appTitle} characters.`} />
          <TextInput field={fields.shortDescription} label="Short Description" hint={`At most ${APP_TEXT_LIMITS.shortDescription} characters.`} />
          <TextAreaInput field={fields.description} label="Full Description" hint={`At most ${APP_TEXT_LIMITS.description} characters.`} rows={6} />
          <TextInput field={fields.keywords} label="Keywords" hint={`Comma separated, at most ${APP_TEXT_LIMITS.keywords} characters (iOS only).`} />
        </Section>

        <Section title="App Settings" open={appSettingsOpen}>
          <SelectInput field={fields.appType} label="App Type" empty="Not set" choices={APP_TYPES.map((type) => ({ value: type, label: type }))} />
          <TextInput field={fields.cLocationId} label="Location ID (cLocationId)" />
          {Object.entries(APP_SETTINGS_FLAGS).map(([name, label]) => (
            <TriStateInput key={name} field={anyFields[name]} label={label} />
          ))}
          {Object.entries(LOCATION_TEXT_FIELDS).map(([name, label]) => (
            <TextInput key={name} field={anyFields[name]} label={label} />
          ))}
        </Section>

        <Section title="Advanced Settings" open={advancedOpen}>
          {Object.entries(ADVANCED_FLAGS).map(([name, label]) => (
            <TriStateInput key={name} field={anyFields[name]} label={label} />
          ))}
          {Object.entries(NUMBER_FIELDS).map(([name, label]) => (
            <TextInput key={name} field={anyFields[name]} label={label} type="number" hint="A whole number, 0 or more." />
          ))}
          {Object.entries(ADVANCED_TEXT_FIELDS).map(([name, label]) => (
            <TextInput key={name} field={anyFields[name]} label={label} />
          ))}
          {Object.entries(COLOUR_FIELDS).map(([name, label]) => (
            <TextInput key={name} field={anyFields[name]} label={label} placeholder="#RRGGBB" />
          ))}
        </Section>

        <FormActions submitLabel="Save App Configuration" busy={busy} />
      </Flex>
    </Form>
  );
}

/** True once the component has hydrated in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
