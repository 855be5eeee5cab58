import { Badge, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { NoAccessErrorBoundary } from '~/components/no-access-boundary';
import { LoginLayout, ViewHeading } from '~/features/login/login-layout';
import loginStyles from '~/features/login/login.css';
import { hrefs } from '~/lib/hrefs';
import { loadRemoteHome } from './remote-home.server';

/**
 * /detail/remote (spec 01 §2.1, spec 03 §2): where a remote manager lands after signing in by
 * e-mail. It says which listings their remote access covers, what they may do there and links
 * each to the page where they do it (the remote editor, or Messaging). No shell: remote routes
 * show no admin navigation.
 */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: loginStyles }];

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: `Remote Access - ${page?.appTitle ?? 'App Admin'}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  return data(await loadRemoteHome(request), { headers: { 'Cache-Control': 'no-store' } });
}

export default function RemoteHome() {
  const { appTitle, logo, email, listings, calendars } = useLoaderData<typeof loader>();
  const one = listings.length === 1;
  const covered = [
    listings.length > 0 ? (one ? 'this listing' : `these ${listings.length} listings`) : null,
    calendars.length > 0 ? (calendars.length === 1 ? 'this calendar' : `these ${calendars.length} calendars`) : null,
  ].filter(Boolean);

  return (
    <LoginLayout appTitle={appTitle} logo={logo}>
      <ViewHeading title="Remote Access">
        You are logged in as {email}. Your access covers {covered.length > 0 ? covered.join(' and ') : 'nothing at the moment'}.
      </ViewHeading>

      {calendars.length > 0 ? (
        <Flex direction="column" gap="3" asChild>
          <ul className="remote-listings" aria-label="Your calendars">
            {calendars.map((calendar) => (
              <Card key={calendar.detailId} asChild>
                <li>
                  <Flex direction="column" gap="2">
                    <Heading as="h2" size="4">
                      <Link to={calendar.href}>{calendar.title}</Link>
                    </Heading>
                    <Text as="p" size="2" color="gray">
                      Calendar{calendar.community ? ` in ${calendar.community}` : ''}
                    </Text>
                  </Flex>
                </li>
              </Card>
            ))}
          </ul>
        </Flex>
      ) : null}

      {listings.length > 0 ? (
        <Flex direction="column" gap="3" asChild>
          <ul className="remote-listings" aria-label="Your listings">
            {listings.map((listing) => (
              <Card key={listing.detailId} asChild>
                <li aria-labelledby={`listing-${listing.detailId}`}>
                  <Flex direction="column" gap="2">
                    <Heading as="h2" size="4" id={`listing-${listing.detailId}`}>
                      {listing.href ? <Link to={listing.href}>{listing.title}</Link> : listing.title}
                    </Heading>
                    <Text as="p" size="2" color="gray">
                      {listing.kind}
                      {listing.community ? ` in ${listing.community}` : ''}
                      {listing.relationship ? ` · ${listing.relationship}` : ''}
                    </Text>
                    <Text as="p" size="2" id={`permissions-${listing.detailId}`}>
                      What you may do:
                    </Text>
                    <Flex gap="2" wrap="wrap" asChild>
                      <ul className="remote-permissions" aria-labelledby={`permissions-${listing.detailId}`}>
                        {listing.permissions.map((permission) => (
                          <li key={permission.id}>
                            <Badge color={permission.granted ? 'green' : 'gray'} variant={permission.granted ? 'soft' : 'outline'} size="2">
                              {permission.granted ? permission.label : `${permission.label}: not granted`}
                            </Badge>
                          </li>
                        ))}
                      </ul>
                    </Flex>
                    <Text as="p" size="2" data-testid="remote-access-note">
                      {listing.note}
                    </Text>
                  </Flex>
                </li>
              </Card>
            ))}
          </ul>
        </Flex>
      ) : null}

      <Form method="post" action={hrefs.login({ action: 'logout' })}>
        <Button type="submit" variant="soft" size="3" style={{ width: '100%' }}>
          Log Out
        </Button>
      </Form>
    </LoginLayout>
  );
}

/** A signed-in person without any rights gets the spec's 'User Does Not Have Access' dialog. */
export const ErrorBoundary = NoAccessErrorBoundary;
