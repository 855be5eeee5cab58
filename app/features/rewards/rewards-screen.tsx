import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import { FormActions } from '~/components/form-actions';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { FormErrors, SelectField, TextAreaField, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { ListColumnIntro, RecordHeader } from '~/components/record-column';
import type { ListScreenData } from '~/lib/listing/screen';
import { PointsChangeSchema, REWARDS_CONFIG_LABELS, RewardsConfigSchema } from '~/schemas/rewards';
import type { RewardsConfigActionData, RewardsConfigData, RewardsUserActionData, RewardsUserData } from './rewards.server';

/**
 * The rewards users list's right columns (spec 03 §9 "rewards user (total, history, barcodes,
 * name, email)"; decisions 041, 045): what the list shows with its links, one rewards user with
 * the form that changes their points, and the rewards config. Plain forms: everything works
 * without JavaScript.
 */

export function RewardsUsersActions({ data, itemsHref, configHref }: { data: ListScreenData; itemsHref: string; configHref: string }) {
  return (
    <ListColumnIntro data={data} text="The app users who collect points in this community, most points first.">
      <Flex gap="2" wrap="wrap">
        <Button asChild variant="soft">
          <Link to={itemsHref}>Rewards to Earn and Redeem</Link>
        </Button>
        <Button asChild variant="soft">
          <Link to={configHref}>Rewards Config</Link>
        </Button>
      </Flex>
    </ListColumnIntro>
  );
}

const signed = (points: number) => `${points > 0 ? '+' : ''}${points}`;

export function RewardsUserView({ data, actionData }: { data: RewardsUserData; actionData: RewardsUserActionData | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `rewards-points-${data.uid}-${data.total}-${data.history.length}`,
    lastResult: actionData?.result,
    defaultValue: { mode: 'add' },
    constraint: getZodConstraint(PointsChangeSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PointsChangeSchema }),
  });
  return (
    <Flex direction="column" gap="4" className="entry-view">
      <RecordHeader
        title={data.name}
        facts={[
          { label: 'E-mail', value: data.email },
          { label: 'User ID', value: data.uid },
          { label: 'Total points', value: String(data.total), testId: 'rewards-total' },
          { label: 'Barcodes', value: data.barcodes.length > 0 ? data.barcodes.join(', ') : 'None' },
        ]}
      />
      {actionData?.error ? (
        <Card>
          <Text as="p" color="red" role="alert" size="2">
            {actionData.error}
          </Text>
        </Card>
      ) : null}
      <Form method="post" {...getFormProps(form)} aria-label="Change points">
        <input type="hidden" name="was" value={data.total} />
        <Flex direction="column" gap="3">
          <Heading as="h3" size="3">
            Change points
          </Heading>
          <FormErrors id={form.errorId} errors={form.errors} />
          {fields.mode ? (
            <SelectField
              field={fields.mode}
              label="Change"
              choices={[
                { value: 'add', label: 'Add or remove points' },
                { value: 'set', label: 'Set the total' },
              ]}
            />
          ) : null}
          {fields.points ? (
            <TextField
              field={fields.points}
              label="Points"
              inputMode="numeric"
              placeholder="50"
              hint="To add or remove: the points (-20 removes 20). To set the total: the new total."
            />
          ) : null}
          {fields.note ? <TextAreaField field={fields.note} label="Note" rows={2} hint="Why, for the user's history." /> : null}
          <FormActions closeHref={data.closeHref} closeLabel="Close">
            <Button type="submit" name="intent" value="change-points" disabled={navigation.state === 'submitting'}>
              Save Points
            </Button>
          </FormActions>
        </Flex>
      </Form>
      <section aria-label="Points history">
        <Heading as="h3" size="3" mb="2">
          History
        </Heading>
        {data.history.length === 0 ? (
          <Text as="p" size="2">
            There is no history for this user yet.
          </Text>
        ) : (
          <ul className="user-history">
            {data.history.map((entry) => (
              <li key={entry.key}>
                <Text as="p" size="2">
                  {`${entry.title || 'Points'}: ${signed(entry.points)}`}
                </Text>
                {entry.note ? (
                  <Text as="p" size="2">
                    {entry.note}
                  </Text>
                ) : null}
                {entry.when || entry.by ? (
                  <Text as="p" size="1" color="gray">
                    {[entry.when, entry.by ? `by ${entry.by}` : ''].filter(Boolean).join(' · ')}
                  </Text>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </Flex>
  );
}

/** The rewards config: the program's name in the app and the points a dollar of a purchase earns. */
export function RewardsConfigForm({ data, actionData }: { data: RewardsConfigData; actionData: RewardsConfigActionData | undefined }) {
  const navigation = useNavigation();
  const version = actionData?.conflict?.version ?? data.version;
  const [form, fields] = useForm<Record<string, string | number>>({
    id: `rewards-config-${version}`,
    lastResult: actionData?.result,
    defaultValue: data.config,
    constraint: getZodConstraint(RewardsConfigSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RewardsConfigSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Rewards config">
      <VersionField version={version} />
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" tabIndex={-1}>
          Rewards Config
        </Heading>
        <Text as="p" size="2" color="gray">
          What the rewards scans of the app give in this community.
        </Text>
        <ConflictNotice conflict={actionData?.conflict} />
        <FormErrors id={form.errorId} errors={form.errors} />
        {fields.title ? <TextField field={fields.title} label={REWARDS_CONFIG_LABELS.title} placeholder="Camp Rewards" /> : null}
        {fields.storePointsPerDollar ? (
          <TextField field={fields.storePointsPerDollar} label={REWARDS_CONFIG_LABELS.storePointsPerDollar} inputMode="numeric" />
        ) : null}
        {fields.reservationPointsPerDollar ? (
          <TextField
            field={fields.reservationPointsPerDollar}
            label={REWARDS_CONFIG_LABELS.reservationPointsPerDollar}
            inputMode="numeric"
          />
        ) : null}
        <FormActions closeHref={data.closeHref}>
          <Button type="submit" name="intent" value="save" loading={navigation.state === 'submitting'}>
            Save
          </Button>
        </FormActions>
      </Flex>
    </Form>
  );
}
