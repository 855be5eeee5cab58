import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigation, useSubmit } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { FormActions } from '~/components/form-actions';
import { CheckboxField, FormErrors, SelectField, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { ListColumnIntro, RecordHeader } from '~/components/record-column';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { hrefs } from '~/lib/hrefs';
import { SHOW_ALL_PARAM, SHOW_ALL_USERS_LABEL, SHOW_ALL_VALUE } from '~/lib/users';
import { DefaultCommunitySchema, InviteSchema, PersonRightsSchema } from '~/schemas/user-rights';
import type { InviteActionData, InviteData, PersonActionData, PersonEditorData } from './person.server';
import type { PeopleScreenData, UserManagementScreenData, UserViewData } from './users.server';

/**
 * The users lists' right columns and forms (spec 02 §6, spec 01 §3.7; decision 040): the users
 * list's 'Show all logged in users' tick, one person's facts, User Management's Invite and recent
 * changes, a person's rights, default community and removal, and the invitation form. Plain
 * forms: everything works without JavaScript.
 */

/** The users list's right column: what it shows, and the tick (a GET form; with JavaScript it applies at once). */
export function UsersActions({ data }: { data: PeopleScreenData }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <ListColumnIntro
      data={data}
      text={data.everyone ? 'The staff of this community and every logged-in app user.' : 'The staff of this community (admin users).'}
    >
      <Form method="get" action={data.links.path} aria-label="Which users">
        {data.filters.who ? <input type="hidden" name="who" value={data.filters.who} /> : null}
        <Flex direction="column" gap="2" align="start">
          <Text as="label" size="2" className="form-check">
            <input
              type="checkbox"
              name={SHOW_ALL_PARAM}
              value={SHOW_ALL_VALUE}
              defaultChecked={data.everyone}
              onChange={hydrated ? (event) => submit(event.currentTarget.form, { replace: true }) : undefined}
            />
            {SHOW_ALL_USERS_LABEL}
          </Text>
          {hydrated ? null : (
            <Button type="submit" variant="soft" size="1">
              Apply
            </Button>
          )}
        </Flex>
      </Form>
    </ListColumnIntro>
  );
}

/** A person of the users list. */
export function UserView({ data }: { data: UserViewData }) {
  return (
    <Flex direction="column" gap="3" className="entry-view">
      <RecordHeader
        title={data.name}
        facts={[
          { label: 'E-mail', value: data.email },
          { label: 'User ID', value: data.uid },
          { label: data.kind === 'staff' ? 'Rights in this community' : 'Kind', value: data.roles.join(', ') },
        ]}
      />
      <FormActions closeHref={data.closeHref} closeLabel="Close">
        {data.manageHref ? (
          <Button asChild>
            <Link to={`${data.manageHref}#editor`}>Change Rights</Link>
          </Button>
        ) : null}
      </FormActions>
    </Flex>
  );
}

/** User Management's right column: Invite, and the latest changes of the audit trail. */
export function UserManagementActions({ data }: { data: UserManagementScreenData }) {
  return (
    <Flex direction="column" gap="3">
      <ListColumnIntro data={data} text="Open a person to change their rights. Changes apply from their next page.">
        <Flex gap="2" wrap="wrap">
          <Button asChild>
            <Link to={data.addHref}>Invite User</Link>
          </Button>
        </Flex>
      </ListColumnIntro>
      <History title="Recent changes" entries={data.recent.map((entry) => ({ ...entry, summary: `${entry.whom}: ${entry.summary}` }))} />
    </Flex>
  );
}

function History({ title, entries }: { title: string; entries: Array<{ key: string; when: string; who: string; summary: string }> }) {
  if (entries.length === 0) return null;
  return (
    <section aria-label={title}>
      <Heading as="h3" size="3" mb="2">
        {title}
      </Heading>
      <ul className="user-history">
        {entries.map((entry) => (
          <li key={entry.key}>
            <Text as="p" size="2">
              {entry.summary}
            </Text>
            <Text as="p" size="1" color="gray">
              {`${entry.when} · by ${entry.who}`}
            </Text>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A person's rights in the community, their default community, Remove from Community, and their history. */
export function PersonEditor({ data, actionData }: { data: PersonEditorData; actionData: PersonActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [form, fields] = useForm<Record<string, string | boolean>>({
    id: `person-${data.uid}-${data.was}`,
    lastResult: actionData?.result,
    defaultValue: { was: data.was, ...data.rights },
    constraint: getZodConstraint(PersonRightsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PersonRightsSchema }),
  });
  const [defaultForm, defaultFields] = useForm<{ community: string }>({
    id: `person-default-${data.uid}`,
    defaultValue: { community: data.defaultCommunity ?? '' },
    constraint: getZodConstraint(DefaultCommunitySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DefaultCommunitySchema }),
  });
  const confirmRemove = data.confirmRemove || actionData?.confirmRemove === true;
  return (
    <Flex direction="column" gap="4">
      <Heading as="h2" size="4" tabIndex={-1}>
        {data.name}
      </Heading>
      <Text as="p" size="2" color="gray">
        {[data.email, data.uid].filter(Boolean).join(' · ')}
      </Text>
      {actionData?.error ? (
        <Card>
          <Text as="p" color="red" role="alert" size="2">
            {actionData.error}
          </Text>
        </Card>
      ) : null}
      <Form method="post" {...getFormProps(form)} aria-label="Rights">
        <input type="hidden" name="was" value={data.was} />
        <Flex direction="column" gap="2">
          <Heading as="h3" size="3">
            Rights in this community
          </Heading>
          <FormErrors id={form.errorId} errors={form.errors} />
          {data.choices.map((choice) => {
            const field = fields[choice.name];
            return field ? <CheckboxField key={choice.name} field={field} label={choice.label} /> : null;
          })}
          {data.kept.length > 0 ? (
            <Text as="p" size="1" color="gray">
              {`Also ${data.kept.join(', ')}: only someone with that right can change it.`}
            </Text>
          ) : null}
          <FormActions closeHref={data.closeHref}>
            <Button type="submit" name="intent" value="save" disabled={busy}>
              Save
            </Button>
          </FormActions>
        </Flex>
      </Form>
      {data.communities.length > 1 ? (
        <Form method="post" {...getFormProps(defaultForm)} aria-label="Default community">
          <Flex direction="column" gap="2" align="start">
            <SelectField
              field={defaultFields.community}
              label="Default community"
              choices={data.communities.map((community) => ({ value: community.key, label: community.title }))}
              hint="The community this person starts in after signing in."
            />
            <Button type="submit" name="intent" value="set-default" variant="soft" disabled={busy}>
              Set Default Community
            </Button>
          </Flex>
        </Form>
      ) : null}
      <Form method="post" aria-label="Remove from community">
        <input type="hidden" name="was" value={data.was} />
        <Button type="submit" name="intent" value="remove" color="red" variant="soft" disabled={busy}>
          Remove from Community
        </Button>
      </Form>
      <History title="History" entries={data.history} />
      {confirmRemove ? (
        <ConfirmDialog
          title="Remove from Community"
          role="alertdialog"
          safeChoice
          description={`Remove every right ${data.name} has in this community? They can no longer manage it from their next page.`}
          cancelHref={`${hrefs.listnmItem('usermgmt', 'edit', data.uid)}#editor`}
          form={{
            fields: (
              <>
                <input type="hidden" name="was" value={data.was} />
                <input type="hidden" name="confirmed" value="1" />
              </>
            ),
          }}
          answers={
            <Button type="submit" name="intent" value="remove" color="red">
              Remove
            </Button>
          }
        />
      ) : null}
    </Flex>
  );
}

/** Invite User: e-mail, name and the rights; the invitation e-mail carries a sign-in link. */
export function InviteForm({ data, actionData }: { data: InviteData; actionData: InviteActionData | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<Record<string, string | boolean>>({
    id: 'invite-user',
    lastResult: actionData?.result,
    defaultValue: { isEditor: true },
    constraint: getZodConstraint(InviteSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: InviteSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-label="Invite User">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" tabIndex={-1}>
          Invite User
        </Heading>
        <Text as="p" size="2" color="gray">
          {`They get an e-mail with a link that signs them in to ${data.communityTitle}.`}
        </Text>
        {actionData?.error ? (
          <Text as="p" color="red" role="alert" size="2">
            {actionData.error}
          </Text>
        ) : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        {fields.email ? <TextField field={fields.email} label="E-mail" type="email" /> : null}
        {fields.name ? <TextField field={fields.name} label="Name" /> : null}
        <fieldset className="users-rights-fieldset">
          <legend>Rights in this community</legend>
          {data.choices.map((choice) => {
            const field = fields[choice.name];
            return field ? <CheckboxField key={choice.name} field={field} label={choice.label} /> : null;
          })}
        </fieldset>
        <FormActions closeHref={data.closeHref}>
          <Button type="submit" name="intent" value="invite" disabled={navigation.state === 'submitting'}>
            Send Invitation
          </Button>
        </FormActions>
      </Flex>
    </Form>
  );
}
