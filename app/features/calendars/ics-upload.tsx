import { Button, Callout, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Form, Link, useNavigation } from '@remix-run/react';
import { ICS_UPLOAD_FIELDS as F, ICS_UPLOAD_TEXTS as T } from '~/lib/calendars';
import type { IcsUploadActionData, IcsUploadData } from './ics-upload.server';

/** Import a .ics File: the file, and the Default Location, Audience and Event Context of its events (as an import row has). */
export function IcsUploadScreen({ data, actionData }: { data: IcsUploadData; actionData: IcsUploadActionData | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const values = actionData?.values ?? { audience: '', eventContext: '', defaultLocation: '' };
  const select = (name: string, label: string, choices: Array<{ value: string; label: string }>, empty: string, value: string) => (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={`ics-${name}`}>
        {label}
      </Text>
      <select id={`ics-${name}`} name={name} className="form-control" defaultValue={value}>
        <option value="">{empty}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Flex>
  );
  return (
    <Flex direction="column" gap="4" maxWidth="640px">
      <Heading as="h1" size="6">
        {T.heading}: {data.title}
      </Heading>
      <Text as="p" color="gray">
        {T.intro}
      </Text>
      {actionData?.error ? (
        <Callout.Root color="red" role="alert" id="ics-upload-error">
          <Callout.Text>{actionData.error}</Callout.Text>
        </Callout.Root>
      ) : null}
      <Card size="2">
        <Form method="post" encType="multipart/form-data" aria-describedby={actionData?.error ? 'ics-upload-error' : undefined}>
          <Flex direction="column" gap="3">
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium" htmlFor="ics-file">
                Calendar File (.ics)
              </Text>
              <input id="ics-file" type="file" name={F.file} accept=".ics,text/calendar" required />
            </Flex>
            {select(F.defaultLocation, 'Default Location', data.locations, 'None', values.defaultLocation)}
            {select(F.audience, 'Audience', data.audiences, 'Select an audience', values.audience)}
            {select(
              F.eventContext,
              'Event Context',
              [
                { value: 'resort', label: 'Resort' },
                { value: 'local', label: 'Local Area' },
              ],
              'Select a context',
              values.eventContext,
            )}
            <Flex gap="2">
              <Button type="submit" name="intent" value="upload" disabled={busy}>
                Import File
              </Button>
              <Button asChild variant="soft" color="gray">
                <Link to={data.configHref}>Cancel</Link>
              </Button>
            </Flex>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
