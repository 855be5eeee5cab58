import { Box, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useLocation } from '@remix-run/react';
import { hrefs } from '~/lib/hrefs';
import { SWITCH_REDIRECT_FIELD, type OtherCommunityRefusal } from '~/lib/other-community';
import { Form } from './forms/form';

/**
 * A listing or event of another of the person's communities (app/lib/other-community.ts): whose
 * it is, and "Switch to {community}", which selects that community and comes back to this
 * address (Switch Community's own post, so it works without JavaScript).
 */
export function OtherCommunityNotice({ refusal }: { refusal: OtherCommunityRefusal }) {
  const location = useLocation();
  return (
    <Box className="page" role="alert" data-testid="other-community">
      <Card size="3">
        <Flex direction="column" gap="3">
          <Heading as="h1" size="6">
            {refusal.title}
          </Heading>
          <Text as="p">{refusal.text}</Text>
          <Flex gap="3" wrap="wrap">
            {refusal.canSwitch ? (
              <Form method="post" action={hrefs.listnm('switch-community')}>
                <input type="hidden" name="communityKey" value={refusal.community.key} />
                <input type="hidden" name={SWITCH_REDIRECT_FIELD} value={`${location.pathname}${location.search}`} />
                <Button type="submit" name="intent" value="switch">{`Switch to ${refusal.community.name}`}</Button>
              </Form>
            ) : null}
            <Button asChild variant="soft" color="gray">
              <Link to={hrefs.home()}>Go to the home screen</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Box>
  );
}
