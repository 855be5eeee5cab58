import { Flex, Text } from '@radix-ui/themes';
import { NO_DOLLARS_HISTORY, type DollarsHistoryView } from '~/lib/dollars';

/**
 * The dollars history display (spec 03 "Shared widgets: … dollars history display", §3 "Dollars
 * record": bought, transfer or purchase; amount, to, from, transfers by user, notes, date; §8
 * 'There is no history for this user/business.'), newest first. Dollars Accounts Status's
 * account and the business editor's Dollars section show the same records with it.
 */
export function DollarsHistory({ history, showBalance = false }: { history: DollarsHistoryView; showBalance?: boolean }) {
  const balance = showBalance ? (
    <Text as="p" size="2">
      Current dollars: <strong data-testid="dollars-current">{history.balance}</strong>
    </Text>
  ) : null;
  if (history.rows.length === 0) {
    return (
      <Flex direction="column" gap="2">
        {balance}
        <Text as="p" size="2" data-testid="dollars-empty">
          {NO_DOLLARS_HISTORY}
        </Text>
      </Flex>
    );
  }
  return (
    <Flex direction="column" gap="2">
      {balance}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard */}
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
            {history.rows.map((row) => (
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
    </Flex>
  );
}
