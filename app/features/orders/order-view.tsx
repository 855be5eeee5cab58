import { Badge, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { CompletionButtons } from '~/components/completion-buttons';
import type { CartItemView, OrderActionData, OrderViewData } from './order.server';

/**
 * One store order in the orders list's right column (spec 02 §3 "Order"): the buyer and how to
 * reach them, when it was ordered, each cart item, the payment and pick-up references, and
 * Completed, Denied (Reopened in the archive) and Cancel. Plain form posts: no JavaScript needed.
 */
export function OrderView({ data, actionData }: { data: OrderViewData; actionData: OrderActionData | undefined }) {
  const { buyer } = data;
  return (
    <Flex direction="column" gap="3" className="entry-view">
      <Heading as="h2" size="4" tabIndex={-1}>
        {`Order ${data.number}`}
      </Heading>
      <dl className="entry-facts">
        <Fact label="Ordered" value={data.ordered || 'Unknown'} />
        <Fact label="Status" value={data.status} />
        <Fact label="Name" value={buyer.name} />
        {buyer.phone ? (
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${buyer.phone.replace(/[^\d+]/g, '')}`}>{buyer.phone}</a>
            </dd>
          </div>
        ) : null}
        {buyer.email ? (
          <div>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${buyer.email}`}>{buyer.email}</a>
            </dd>
          </div>
        ) : null}
        <Fact label="Site" value={buyer.site} />
        <Fact label="PIN" value={data.pin} />
      </dl>
      {actionData?.error ? (
        <Text as="p" color="red" role="alert">
          {actionData.error}
        </Text>
      ) : null}
      <Heading as="h3" size="3">
        {data.items.length === 1 ? 'Cart item' : `Cart items (${data.items.length})`}
      </Heading>
      {data.items.length === 0 ? (
        <Text as="p" color="gray">
          This order has no cart items.
        </Text>
      ) : (
        <ul className="order-items">
          {data.items.map((item, index) => (
            <li key={index}>
              <CartItemCard item={item} />
            </li>
          ))}
        </ul>
      )}
      <dl className="entry-facts">
        <Fact label="Signed in as" value={data.loggedInEmail} />
        <Fact label="Guest id" value={data.createdBy} />
        <Fact label="Payment" value={data.paymentIntentId} />
      </dl>
      <CompletionButtons completed={data.completed} choices={data.choices} closeHref={data.closeHref} />
    </Flex>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return value ? (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  ) : null;
}

function CartItemCard({ item }: { item: CartItemView }) {
  const contact = [item.name, item.phone, item.email].filter(Boolean).join(' · ');
  return (
    <Card>
      <Flex direction="column" gap="1">
        <Flex justify="between" align="start" gap="2" wrap="wrap">
          <Text weight="bold">{item.title}</Text>
          <Flex gap="1" wrap="wrap">
            <Badge color={item.confirmed ? 'green' : 'orange'}>{item.confirmed ? 'Confirmed' : 'Not confirmed'}</Badge>
            {item.completed ? <Badge color="gray">Item completed</Badge> : null}
          </Flex>
        </Flex>
        <dl className="entry-facts">
          <Fact label="Options" value={item.options} />
          <Fact label="Delivery time" value={item.delivery} />
          <Fact label="Site" value={item.site} />
          <Fact label="For" value={contact || null} />
        </dl>
      </Flex>
    </Card>
  );
}
