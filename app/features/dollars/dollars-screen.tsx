import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import { FormErrors, SelectField, TextAreaField, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { NO_DOLLARS_HISTORY } from '~/lib/dollars';
import type { ListScreenData } from '~/lib/listing/screen';
import { BoughtSchema, TransferSchema } from '~/schemas/dollars';
import type { AccountActionData, AccountData, HistoryRow } from './account.server';

/**
 * Dollars Accounts Status's right columns (spec 03 §3 "Dollars record", §8; decision 041): what
 * the list shows, and one account's balance, history and the form that records a transfer or a
 * purchase. Plain forms: everything works without JavaScript.
 */

export function DollarsActions({ data }: { data: ListScreenData }) {
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        {data.title}
      </Heading>
      <Text as="p" size="2" color="gray">
        Every dollars account, richest first. Open one to see its history or to record a transfer or a purchase.
      </Text>
      {data.rows.length === 0 && !data.filters.active ? (
        <Text as="p" color="gray" size="2">
          {data.emptyMessage}
        </Text>
      ) : null}
    </Flex>
  );
}

/** The dollars history display: bought, transfer or purchase; amount, to, from, by, notes, date. */
export function DollarsHistoryTable({ rows }: { rows: HistoryRow[] }) {
  if (rows.length === 0) {
    return (
      <Text as="p" size="2" data-testid="dollars-empty">
        {NO_DOLLARS_HISTORY}
      </Text>
    );
  }
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard
    <div className="table-scroll" tabIndex={0} role="group" aria-label="Dollars history table">
      <table className="data-table dollars-history">
        <caption className="visually-hidden">Dollars history</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col">Amount</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">By</th>
            <th scope="col">Notes</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <td>{row.when}</td>
              <td>{row.type}</td>
              <td>{row.amount}</td>
              <td>{row.from}</td>
              <td>{row.to}</td>
              <td>{row.by}</td>
              <td>{row.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
      <Heading as="h2" size="4" tabIndex={-1}>
        {data.name}
      </Heading>
      <dl className="entry-facts">
        <div>
          <dt>Kind</dt>
          <dd>{data.typeLabel}</dd>
        </div>
        <div>
          <dt>Current dollars</dt>
          <dd data-testid="dollars-balance">{data.balance}</dd>
        </div>
      </dl>
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
            <Flex gap="2" wrap="wrap">
              <Button type="submit" name="intent" value="transfer" disabled={navigation.state === 'submitting'}>
                Record
              </Button>
              <Button asChild variant="soft" color="gray">
                <Link to={data.closeHref}>Close</Link>
              </Button>
            </Flex>
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
        <DollarsHistoryTable rows={data.history} />
      </section>
    </Flex>
  );
}
