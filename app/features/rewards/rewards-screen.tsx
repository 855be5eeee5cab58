import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import type { ListScreenData } from '~/lib/listing/screen';
import type { RewardsUserData } from './rewards.server';

/**
 * The rewards users list's right columns (spec 03 §9 "rewards user (total, history, barcodes,
 * name, email)"): what the list shows with the link to the rewards to earn and redeem, and one
 * rewards user. Plain links: everything works without JavaScript.
 */

export function RewardsUsersActions({ data, itemsHref }: { data: ListScreenData; itemsHref: string }) {
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        {data.title}
      </Heading>
      <Text as="p" size="2" color="gray">
        The app users who collect points in this community, most points first.
      </Text>
      <Flex gap="2" wrap="wrap">
        <Button asChild variant="soft">
          <Link to={itemsHref}>Rewards to Earn and Redeem</Link>
        </Button>
      </Flex>
      {data.rows.length === 0 && !data.filters.active ? (
        <Text as="p" color="gray" size="2">
          {data.emptyMessage}
        </Text>
      ) : null}
    </Flex>
  );
}

export function RewardsUserView({ data }: { data: RewardsUserData }) {
  return (
    <Flex direction="column" gap="3" className="entry-view">
      <Heading as="h2" size="4" tabIndex={-1}>
        {data.name}
      </Heading>
      <dl className="entry-facts">
        {data.email ? (
          <div>
            <dt>E-mail</dt>
            <dd>{data.email}</dd>
          </div>
        ) : null}
        <div>
          <dt>User ID</dt>
          <dd>{data.uid}</dd>
        </div>
        <div>
          <dt>Total points</dt>
          <dd data-testid="rewards-total">{data.total}</dd>
        </div>
        <div>
          <dt>Barcodes</dt>
          <dd>{data.barcodes.length > 0 ? data.barcodes.join(', ') : 'None'}</dd>
        </div>
      </dl>
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
                  {`${entry.title || 'Points'}: ${entry.points > 0 ? '+' : ''}${entry.points}`}
                </Text>
                {entry.when ? (
                  <Text as="p" size="1" color="gray">
                    {entry.when}
                  </Text>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <Flex gap="2" wrap="wrap">
        <Button asChild variant="soft" color="gray">
          <Link to={data.closeHref}>Close</Link>
        </Button>
      </Flex>
    </Flex>
  );
}
