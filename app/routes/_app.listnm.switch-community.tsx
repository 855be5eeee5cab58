import { Badge, Button, Card, Flex, Heading, Link as RadixLink, Text, TextField } from '@radix-ui/themes';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react';
import { readForm } from '@server/http/form.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { shellMeta } from '~/components/shell/meta';
import { ShellColumns } from '~/components/shell/shell-columns';
import { requireCommunitySwitcher, switchCommunity, switchCommunityOptions } from '~/features/shell/switch-community.server';
import { intent, intents, parseIntent } from '~/lib/intent';
import type { RouteHandle } from '~/lib/route-handle';

export const handle: RouteHandle = { title: 'Switch Community' };
export const meta = shellMeta;

/** Switch Community (spec 03 §6, Quick Access): the communities the person may manage. */
export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireCommunitySwitcher(request);
  const query = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  const communities = await switchCommunityOptions(staff, query);
  return { query, communities, current: staff.community, total: staff.communities.length };
}

/** Each community's Switch button. */
export const Intent = intents(intent('switch'));

export async function action({ request }: ActionFunctionArgs) {
  // People who may not switch hear 403 before their form is looked at; switchCommunity checks
  // the chosen community.
  await requireCommunitySwitcher(request);
  // Switching is what changes the selected community: the form is not bound to the one selected.
  const form = await readForm(request, { anyCommunity: true });
  parseIntent(form, Intent);
  return switchCommunity(request, form);
}

export default function SwitchCommunity() {
  const { query, communities, current, total } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' ? navigation.formData?.get('communityKey') : null;

  return (
    <ShellColumns
      centre={
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            Switch Community
          </Heading>

          <Form method="get" role="search" aria-label="Filter communities">
            <Flex gap="3" align="center" wrap="wrap">
              <label htmlFor="community-filter" className="visually-hidden">
                Title or app name
              </label>
              <TextField.Root
                id="community-filter"
                name="q"
                type="search"
                defaultValue={query}
                placeholder="Title or app name"
                style={{ minWidth: 260 }}
              />
              <Button type="submit" variant="soft">
                Filter
              </Button>
              {query ? (
                <RadixLink asChild size="2">
                  <Link to=".">Show all</Link>
                </RadixLink>
              ) : null}
            </Flex>
          </Form>

          <Card size="2">
            {communities.length === 0 ? (
              <Text as="p" color="gray">
                No community matches “{query}”.
              </Text>
            ) : (
              <ul className="divided-list" aria-label="Communities">
                {communities.map((community) => (
                  <li key={community.key}>
                    <div className="community-row">
                      <span className="community-swatch" style={{ background: community.color }} aria-hidden="true" />
                      <Flex direction="column" gap="1" style={{ minWidth: 0 }}>
                        <Text weight="bold" id={`community-${community.key}`}>
                          {community.title}
                        </Text>
                        <Text size="1" color="gray">
                          {[community.appName ? `App: ${community.appName}` : null, community.place].filter(Boolean).join(' · ')}
                        </Text>
                      </Flex>
                      {community.key === current ? (
                        <Badge color="green" size="2" ml="auto">
                          Current
                        </Badge>
                      ) : (
                        <Form method="post">
                          <input type="hidden" name="communityKey" value={community.key} />
                          <input type="hidden" name="intent" value="switch" />
                          <Button
                            type="submit"
                            aria-describedby={`community-${community.key}`}
                            aria-label={`Switch to ${community.title}`}
                            loading={pending === community.key}
                          >
                            Switch
                          </Button>
                        </Form>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {query && communities.length > 0 ? (
            <Text size="1" color="gray">
              {communities.length} of {total} communities
            </Text>
          ) : null}
        </Flex>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
