import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useFetcher } from '@remix-run/react';
import { CheckboxGroupField } from '~/components/forms/checkbox-group';
import { FormErrors } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { JobProgress } from '~/components/job-progress/job-progress';
import { ShellColumns } from '~/components/shell/shell-columns';
import { COMMUNITY_EXPORT_TEXTS } from '~/lib/community-export';
import { CommunityExportSchema } from '~/schemas/community-export';
import type { ExportActionData, ExportScreenData } from './export.server';

/**
 * Resort System Management → Export (decision 044): the communities to export (the current one
 * for a community admin; any of them, ticked, for a resort system admin) and Export, which
 * queues the job and leads to its progress on the job-status page.
 */
export function ExportScreen({ data, actionData }: { data: ExportScreenData; actionData: ExportActionData | undefined }) {
  // With JavaScript the form posts in the background (dialog=1) and the job's progress shows
  // below it; without, the post leads to the job-status page.
  const fetcher = useFetcher<ExportActionData>();
  const answered = fetcher.data ?? actionData;
  const [form, fields] = useForm<{ communities: string[] }>({
    id: 'community-export',
    lastResult: answered?.result,
    defaultValue: { communities: [data.current] },
    constraint: getZodConstraint(CommunityExportSchema),
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CommunityExportSchema }),
    onSubmit: (event, { formData }) => {
      event.preventDefault();
      formData.set('dialog', '1');
      formData.set('intent', 'export');
      fetcher.submit(formData, { method: 'post' });
    },
  });
  const current = data.communities.find((community) => community.key === data.current);
  return (
    <ShellColumns
      centre={
        <Flex direction="column" gap="4" maxWidth="720px">
          <Heading as="h1" size="6">
            {COMMUNITY_EXPORT_TEXTS.title}
          </Heading>
          <Text as="p" size="2">
            {COMMUNITY_EXPORT_TEXTS.intro}
          </Text>
          {answered?.error ? (
            <Card>
              <Text as="p" color="red" role="alert" size="2">
                {answered.error}
              </Text>
            </Card>
          ) : null}
          <Card size="2">
            <Form method="post" {...getFormProps(form)} aria-label="Export communities">
              <Flex direction="column" gap="3">
                <FormErrors id={form.errorId} errors={form.errors} />
                {data.isSystem ? (
                  <>
                    <Text as="p" size="2" color="gray">
                      {COMMUNITY_EXPORT_TEXTS.introSystem}
                    </Text>
                    <CheckboxGroupField
                      field={fields.communities}
                      legend={COMMUNITY_EXPORT_TEXTS.communities}
                      listClassName="section-checklist"
                      options={data.communities.map((community) => ({ value: community.key, title: community.title }))}
                      renderOption={(community, checkbox) => (
                        <label className="form-check">
                          {checkbox}
                          {community.title}
                          <Text size="1" color="gray" ml="2">
                            {community.value}
                          </Text>
                        </label>
                      )}
                    />
                  </>
                ) : (
                  <>
                    <input type="hidden" name={fields.communities.name} value={data.current} />
                    <Text as="p" size="2">
                      Community: <strong>{current?.title ?? data.current}</strong>
                    </Text>
                  </>
                )}
                <Flex gap="2">
                  <Button type="submit" name="intent" value="export" loading={fetcher.state === 'submitting'}>
                    {COMMUNITY_EXPORT_TEXTS.submit}
                  </Button>
                </Flex>
              </Flex>
            </Form>
          </Card>
          {answered?.job ? (
            <Card size="2">
              <JobProgress key={answered.job.id} view={answered.job} downloadButton />
            </Card>
          ) : null}
        </Flex>
      }
    />
  );
}
