import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { CheckboxField, FormErrors } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { ShellColumns } from '~/components/shell/shell-columns';
import { hrefs } from '~/lib/hrefs';
import { DOLLARS_CONFIG_LABELS, DollarsConfigSchema } from '~/schemas/dollars';
import type { DollarsConfigActionData, DollarsConfigData } from './config.server';

/** The dollars config (decision 045): Dollars enabled, for the whole product. A plain form. */
export function DollarsConfigScreen({ data, actionData }: { data: DollarsConfigData; actionData: DollarsConfigActionData | undefined }) {
  const navigation = useNavigation();
  const version = actionData?.conflict?.version ?? data.version;
  const [form, fields] = useForm({
    id: `dollars-config-${version}`,
    lastResult: actionData?.result,
    defaultValue: { enabled: data.enabled },
    constraint: getZodConstraint(DollarsConfigSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DollarsConfigSchema }),
  });
  return (
    <ShellColumns
      centre={
        <Flex direction="column" gap="4" style={{ maxWidth: 640 }}>
          <Heading as="h1" size="6">
            Dollars Config
          </Heading>
          <Text as="p" size="2" color="gray">
            For every community of this product. While dollars are enabled, businesses can accept dollars, the business editor shows their
            Dollars section, and the Dollars Accounts Status tray shows its Dollars button.
          </Text>
          <Form method="post" {...getFormProps(form)} aria-label="Dollars config">
            <VersionField version={version} />
            <Flex direction="column" gap="3">
              <ConflictNotice conflict={actionData?.conflict} />
              <FormErrors id={form.errorId} errors={form.errors} />
              <CheckboxField field={fields.enabled} label={DOLLARS_CONFIG_LABELS.enabled} />
              <Flex gap="3" wrap="wrap">
                <Button type="submit" name="intent" value="save" loading={navigation.state === 'submitting'}>
                  Save
                </Button>
                {data.accountsHref ? (
                  <Button asChild variant="soft">
                    <Link to={data.accountsHref}>Dollars Accounts Status</Link>
                  </Button>
                ) : null}
                <Button asChild variant="soft" color="gray">
                  <Link to={hrefs.home()}>Cancel</Link>
                </Button>
              </Flex>
            </Flex>
          </Form>
        </Flex>
      }
    />
  );
}
