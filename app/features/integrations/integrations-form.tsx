import { getFormProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { z } from 'zod';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { ErrorList } from '~/components/forms/error-list';
import { FieldLabel, FormErrors, Notice, Section, SelectField, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { FormActions } from '~/components/forms/form-actions';
import { validateOnSave } from '~/components/forms/validate';
import { hrefs } from '~/lib/hrefs';
import {
  IntegrationsSchema,
  MAP_SYSTEM_NAMES,
  MAP_SYSTEM_OPTIONS,
  PMS_REGION_OPTIONS,
  PMS_SYSTEM_NAMES,
  PMS_SYSTEM_OPTIONS,
  REGION_NAMES,
} from '~/schemas/integrations';
import type { IntegrationsActionData, IntegrationsLoaderData } from './integrations.server';

/**
 * Integrations (spec 01 §2.9, §3.5, §3.6, §5): the location picker with Load Location and the
 * accordion PMS and GPS Mapping; Load instances (a post with intent, so it works without
 * JavaScript) lists the PMS's instances and the chosen one fills apiPropertyId; Save
 * Integrations, Cancel. The picker is part of the form, so the location it shows is the one
 * Save writes to (the server refuses another location than the one the fields are from).
 */
export function IntegrationsScreen({ data, actionData }: { data: IntegrationsLoaderData; actionData: IntegrationsActionData | undefined }) {
  // Marks the screen once React runs, so tests with JavaScript act after hydration.
  const hydrated = useHydrated();
  return (
    <Flex direction="column" gap="4" asChild>
      <section aria-labelledby="integrations-title" data-hydrated={hydrated ? '' : undefined}>
        <Heading as="h2" size="5" id="integrations-title">
          Integrations
        </Heading>
        {data.locationsError ? <Notice>{data.locationsError}</Notice> : null}
        {data.loadError ? <Notice>{data.loadError}</Notice> : null}
        <IntegrationsForm key={data.location ?? ''} data={data} actionData={actionData} />
      </section>
    </Flex>
  );
}

function IntegrationsForm({ data, actionData }: { data: IntegrationsLoaderData; actionData: IntegrationsActionData | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof IntegrationsSchema>>({
    id: 'integrations',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: data.values,
    constraint: getZodConstraint(IntegrationsSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: validateOnSave(IntegrationsSchema),
  });
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const action = hrefs.homeAction('integrations', data.location ? new URLSearchParams({ location: data.location }) : undefined);
  const busy = navigation.state === 'submitting';
  const instances = actionData?.intent === 'load-instances' ? (actionData.instances ?? []) : [];
  const message = actionData?.intent === 'load-instances' ? actionData.instancesMessage : null;
  const offline = fields.pmsSystem.value
    ? data.offlineSystems.includes(fields.pmsSystem.value)
    : data.offlineSystems.length === PMS_SYSTEM_OPTIONS.length;

  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate>
      <VersionField version={actionData?.version ?? data.version} />
      <Flex direction="column" gap="4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <ConflictNotice conflict={navigation.state === 'idle' ? actionData?.conflict : null} />
        <LocationPicker data={data} field={fields.location} busy={busy} />

        <Section title="PMS" open>
          <SelectField
            field={fields.pmsSystem}
            label="PMS System"
            empty="None"
            choices={PMS_SYSTEM_OPTIONS.map((value) => ({ value, label: PMS_SYSTEM_NAMES[value] }))}
          />
          <SelectField
            field={fields.apiRegion}
            label="API Region"
            empty="Not set"
            hint="Newbook needs a region before instances load."
            choices={PMS_REGION_OPTIONS.map((value) => ({ value, label: REGION_NAMES[value] }))}
          />
          <TextField field={fields.apiKey} label="API Key" />
          <TextField field={fields.apiClientId} label="API Client ID" hint="RMS needs the client ID and password before properties load." />
          <TextField field={fields.apiClientPassword} label="API Client Password" type="password" autoComplete="new-password" />
          <Flex direction="column" gap="2">
            {offline && !message ? <Notice tone="info">{data.offlineNote}</Notice> : null}
            <div>
              <Button type="submit" name="intent" value="load-instances" variant="soft" disabled={busy} formNoValidate>
                Load Instances
              </Button>
            </div>
            {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
            {instances.length > 0 ? (
              <Flex direction="column" gap="1">
                <Text as="label" size="2" weight="medium" htmlFor="integrations-instance">
                  Instance
                </Text>
                <select
                  id="integrations-instance"
                  name="instanceId"
                  className="form-control"
                  defaultValue=""
                  aria-describedby="integrations-instance-hint"
                  onChange={(event) => setPropertyId(event.currentTarget.value || null)}
                >
                  <option value="">Keep the API Property ID below</option>
                  {instances.map((instance) => (
                    <option key={instance.id} value={instance.id}>
                      {instance.text}
                    </option>
                  ))}
                </select>
                <Text id="integrations-instance-hint" size="1" color="gray">
                  The chosen instance fills the API Property ID when you save.
                </Text>
              </Flex>
            ) : null}
          </Flex>
          {propertyId !== null ? (
            <Flex direction="column" gap="1">
              {/* With JavaScript the chosen instance shows in the field at once. */}
              <Text as="label" size="2" weight="medium" htmlFor={fields.apiPropertyId.id}>
                API Property ID
              </Text>
              <input type="hidden" name={fields.apiPropertyId.name} value={propertyId} />
              <input id={fields.apiPropertyId.id} className="form-control" value={propertyId} readOnly aria-readonly="true" />
            </Flex>
          ) : (
            <TextField field={fields.apiPropertyId} label="API Property ID" />
          )}
          <TextField field={fields.apiEndpoint} label="API Endpoint" type="url" />
        </Section>

        <Section title="GPS Mapping" open>
          <SelectField
            field={fields.mapSystem}
            label="Map System"
            empty="None"
            choices={MAP_SYSTEM_OPTIONS.map((value) => ({ value, label: MAP_SYSTEM_NAMES[value] }))}
          />
          <TextField field={fields.mapApiKey} label="Map API Key" />
          <TextField field={fields.mapCode} label="Map Code" />
          <TextField field={fields.clientId} label="Client ID" />
          <TextField field={fields.siteCode} label="Site Code" />
        </Section>

        <FormActions submitLabel="Save Integrations" busy={busy} />
      </Flex>
    </Form>
  );
}

/** The location picker: every campground location by title. It is the form's location; Load Location opens it. */
function LocationPicker({
  data,
  field,
  busy,
}: {
  data: IntegrationsLoaderData;
  field: Parameters<typeof SelectField>[0]['field'];
  busy: boolean;
}) {
  const { key, ...props } = getSelectProps(field);
  return (
    <Flex direction="column" gap="1">
      <FieldLabel htmlFor={field.id}>Location</FieldLabel>
      <Flex gap="2" align="center">
        <select key={key} {...props} className="form-control">
          <option value="">Select a location</option>
          {data.locations.map((location) => (
            <option key={location.key} value={location.key}>
              {location.title}
            </option>
          ))}
        </select>
        <Button type="submit" name="intent" value="load" variant="soft" disabled={busy} formNoValidate>
          Load Location
        </Button>
      </Flex>
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}
