import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import { FormActions } from '~/components/form-actions';
import { FormErrors, SelectField, TextAreaField, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { ListColumnIntro, RecordHeader } from '~/components/record-column';
import { DollarsHistory } from '~/components/widgets/dollars-history';
import type { ListScreenData } from '~/lib/listing/screen';
import { BoughtSchema, TransferSchema } from '~/schemas/dollars';
import type { AccountActionData, AccountData } from './account.server';

/**
 * Dollars Accounts Status's right columns (spec 03 §3 "Dollars record", §8; decision 041): what
 * the list shows, and one account's balance, history and the form that records a transfer or a
 * purchase. Plain forms: everything works without JavaScript.
 */

export function DollarsActions({ data, configHref }: { data: ListScreenData; configHref: string }) {
  return (
    <ListColumnIntro
      data={data}
      text="Every dollars account, richest first. Open one to see its history or to record a transfer or a purchase."
    >
      <Flex gap="2" wrap="wrap">
        <Button asChild variant="soft">
          <Link to={configHref}>Dollars Config</Link>
        </Button>
      </Flex>
    </ListColumnIntro>
  );
}

export function AccountView({ data, actionData }: { data: AccountData; actionData: AccountActionData | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<Record<string, string>>({
    id: `dollars-${data.key}`,
    lastResult: actionData?.result,
    defaultValue: { kind: 'transfer' },
    constraint: getZodConstraint(TransferSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TransferSchema }),
  });
  const [boughtForm, boughtFields] = useForm<Record<string, string>>({
    id: `dollars-bought-${data.key}`,
    lastResult: actionData?.bought,
    constraint: getZodConstraint(BoughtSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: BoughtSchema }),
  });
  return (
    <Flex direction="column" gap="4" className="entry-view">
      <RecordHeader
        title={data.name}
        facts={[
          { label: 'Kind', value: data.typeLabel },
          { label: 'Current dollars', value: data.balance, testId: 'dollars-balance' },
        ]}
      />
      {actionData?.error ? (
        <Card>
          <Text as="p" color="red" role="alert" size="2">
            {actionData.error}
          </Text>
        </Card>
      ) : null}
      {data.targets.length > 0 ? (
        <Form method="post" {...getFormProps(form)} aria-label="Record a transfer">
          <Flex direction="column" gap="3">
            <Heading as="h3" size="3">
              Record a transfer or purchase
            </Heading>
            <FormErrors id={form.errorId} errors={form.errors} />
            {fields.kind ? (
              <SelectField
                field={fields.kind}
                label="Kind"
                choices={[
                  { value: 'transfer', label: 'Transfer' },
                  { value: 'purchase', label: 'Purchase' },
                ]}
              />
            ) : null}
            {fields.to ? <SelectField field={fields.to} label="To" choices={data.targets} empty="Choose an account" /> : null}
            {fields.amount ? <TextField field={fields.amount} label="Amount ($)" inputMode="decimal" placeholder="12.50" /> : null}
            {fields.notes ? <TextAreaField field={fields.notes} label="Notes" rows={3} /> : null}
            <FormActions closeHref={data.closeHref} closeLabel="Close">
              <Button type="submit" name="intent" value="transfer" disabled={navigation.state === 'submitting'}>
                Record
              </Button>
            </FormActions>
          </Flex>
        </Form>
      ) : (
        <Button asChild variant="soft" color="gray">
          <Link to={data.closeHref}>Close</Link>
        </Button>
      )}
      <Form method="post" {...getFormProps(boughtForm)} aria-label="Add bought dollars">
        <Flex direction="column" gap="3">
          <Heading as="h3" size="3">
            Add bought dollars
          </Heading>
          <FormErrors id={boughtForm.errorId} errors={boughtForm.errors} />
          {boughtFields.amount ? (
            <TextField field={boughtFields.amount} label="Amount bought ($)" inputMode="decimal" placeholder="20.00" />
          ) : null}
          {boughtFields.notes ? <TextAreaField field={boughtFields.notes} label="Notes on the purchase" rows={2} /> : null}
          <Flex gap="2" wrap="wrap">
            <Button type="submit" name="intent" value="bought" variant="soft" disabled={navigation.state === 'submitting'}>
              Add Bought Dollars
            </Button>
          </Flex>
        </Flex>
      </Form>
      <section aria-label="Dollars history">
        <Heading as="h3" size="3" mb="2">
          History
        </Heading>
        <DollarsHistory history={data.history} />
      </section>
    </Flex>
  );
}
