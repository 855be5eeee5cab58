import { Box, Button, Callout, Card, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import { FORM_COMMUNITY_FIELD, SWITCH_COMMUNITY_FIELD, UNTYPED_FIELDS, type CommunityRefusal } from '~/lib/form-community';
import { hrefs } from '~/lib/hrefs';

/**
 * A form refused because another community is selected now (app/lib/form-community.ts): the
 * message, what was typed (read-only), and "Switch to {community} and save", which posts the
 * same fields again as a plain form (with JavaScript too: the server answers it with a redirect
 * that the browser itself must follow with the same post).
 */
export function CommunityRefusalNotice({ refusal }: { refusal: CommunityRefusal }) {
  const typed = refusal.fields.filter(([name, value]) => !UNTYPED_FIELDS.has(name) && value.trim() !== '');
  return (
    <Box className="page" role="alert" data-testid="community-refusal">
      <Card size="3">
        <Flex direction="column" gap="3">
          <Text size="2" color="gray">
            Error 409
          </Text>
          <Heading as="h1" size="6">
            Not saved: another community is selected
          </Heading>
          <Callout.Root color="amber" size="1">
            <Callout.Text>{refusal.message}</Callout.Text>
          </Callout.Root>
          {typed.length > 0 ? (
            <section aria-label="What you typed">
              <Text as="p" size="2" weight="bold" mb="1">
                What you typed
              </Text>
              <DataList.Root size="1">
                {typed.map(([name, value], index) => (
                  <DataList.Item key={`${name}-${index}`}>
                    <DataList.Label minWidth="8rem">{name}</DataList.Label>
                    <DataList.Value style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{value}</DataList.Value>
                  </DataList.Item>
                ))}
              </DataList.Root>
            </section>
          ) : null}
          <Flex gap="3" wrap="wrap">
            {refusal.canSwitch ? (
              // A plain form: the answer is a 307 the browser follows with the same post.
              <form method="post" action={refusal.action}>
                {refusal.fields.map(([name, value], index) => (
                  <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
                ))}
                {refusal.fields.some(([name]) => name === FORM_COMMUNITY_FIELD) ? null : (
                  <input type="hidden" name={FORM_COMMUNITY_FIELD} value={refusal.formCommunity.key} />
                )}
                <input type="hidden" name={SWITCH_COMMUNITY_FIELD} value={refusal.formCommunity.key} />
                <Button type="submit">{`Switch to ${refusal.formCommunity.name} and save`}</Button>
              </form>
            ) : null}
            <Button asChild variant="soft" color="gray">
              <Link to={hrefs.home()} reloadDocument>
                {`Stay in ${refusal.selected.name}`}
              </Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Box>
  );
}
