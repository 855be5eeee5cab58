import { Badge, Button, Card, Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import { Link, useFetcher, useLocation, useMatches, useNavigation } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Form } from '~/components/forms/form';
import { ListWithPanel } from '~/components/list-with-panel';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { HeaderCarousel } from '~/components/widgets/header-carousel';
import { groupRowsByDay } from '~/lib/listing/groups';
import type { BulkActionData, ListScreenData, RowView } from '~/lib/listing/screen';
import { rowAnchor } from '~/lib/listing/urls';
import { isListScreenHandle } from '~/lib/route-handle';
import { SortList } from './sort-list';

/**
 * The one list screen (spec 02 "Listing routes"): tab strip, header, filters, select-all with
 * Delete Selected, the rows, and the right column (the child route: the list's actions, its
 * add/edit form, a delete confirmation, sort or the header editor). Rows arrive a chunk at a time: with
 * JavaScript the next chunk loads when the list is 80 % scrolled; without it a "More" link
 * loads it with a plain GET that keeps the filters.
 */
export function ListScreen({
  data,
  bulk,
  notice,
  bulkButtons,
  selectable = true,
}: {
  data: ListScreenData;
  bulk: BulkActionData | undefined;
  /** Rows can be ticked for Delete Selected (false: a list nothing is deleted from, such as the users list). */
  selectable?: boolean;
  /** A notice of the list's own under its header (e.g. a calendar's events waiting for approval). */
  notice?: ReactNode;
  /** More buttons of the bulk form beside Delete Selected (they post the rows ticked); shown on an empty list too. */
  bulkButtons?: ReactNode;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === new URL(data.links.list, 'http://x').pathname;
  return (
    <ListWithPanel
      title={data.title}
      list={
        <>
          <Flex direction="column" gap="4" className="list-screen" aria-busy={loading || undefined}>
            <HeaderCarousel header={data.header} title={data.title} initialSlide={data.slide} />
            {notice}
            {data.tabs.length > 0 ? <Tabs tabs={data.tabs} /> : null}
            {data.sort ? (
              <SortList data={data} />
            ) : (
              <>
                <Filters data={data} />
                <Rows data={data} bulk={bulk} buttons={bulkButtons} selectable={selectable} />
              </>
            )}
            {loading ? <LoadingOverlay text={data.loadingText} /> : null}
          </Flex>
          {bulk?.confirm ? <BulkConfirm data={data} confirm={bulk.confirm} /> : null}
          {bulk?.error ? (
            <Text as="p" color="red" role="alert">
              {bulk.error}
            </Text>
          ) : null}
        </>
      }
    />
  );
}

function LoadingOverlay({ text }: { text: string }) {
  return (
    <div className="list-loading" role="status">
      <Text size="3" weight="medium">
        {text}
      </Text>
    </div>
  );
}

function Tabs({ tabs }: { tabs: ListScreenData['tabs'] }) {
  return (
    <nav aria-label="Tabs" className="list-tabs">
      {tabs.map((tab) => (
        <Link key={tab.id} to={tab.href} className="list-tab" aria-current={tab.current ? 'page' : undefined} prefetch="intent">
          {tab.title}
        </Link>
      ))}
    </nav>
  );
}

function Filters({ data }: { data: ListScreenData }) {
  const { filters } = data;
  if (filters.kinds.length === 0 && filters.view === null) return null;
  const action = data.links.path;
  return (
    <Form method="get" action={action} role="search" aria-label="Filter the list" className="list-filters">
      <Flex gap="3" align="end" wrap="wrap">
        {filters.kinds.includes('text') ? (
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="list-filter-text">
              Search
            </Text>
            <input
              id="list-filter-text"
              name="q"
              type="search"
              className="form-control"
              defaultValue={filters.q}
              maxLength={200}
              placeholder={filters.searchHint ?? 'Title, description or location'}
              style={{ minWidth: 'min(300px, 70vw)' }}
            />
          </Flex>
        ) : null}
        {filters.kinds.includes('person') ? (
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor="list-filter-who">
              Name, e-mail or id
            </Text>
            <input
              id="list-filter-who"
              name="who"
              type="search"
              className="form-control"
              defaultValue={filters.who ?? ''}
              maxLength={200}
              style={{ minWidth: 'min(220px, 70vw)' }}
            />
          </Flex>
        ) : null}
        {filters.kinds.includes('date') ? (
          <>
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium" htmlFor="list-filter-from">
                Start date
              </Text>
              <input id="list-filter-from" name="from" type="date" className="form-control" defaultValue={filters.from} />
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium" htmlFor="list-filter-to">
                End date
              </Text>
              <input id="list-filter-to" name="to" type="date" className="form-control" defaultValue={filters.to} />
            </Flex>
          </>
        ) : null}
        {filters.recurrence ? (
          <>
            <input type="hidden" name="recurrence" value={filters.recurrence} />
            <Text size="2" color="gray">
              One recurrence shown
            </Text>
          </>
        ) : null}
        {filters.view === 'archive' ? <input type="hidden" name="view" value="archive" /> : null}
        {filters.keep?.map((kept) => (
          <input key={kept.name} type="hidden" name={kept.name} value={kept.value} />
        ))}
        <Button type="submit" variant="soft">
          Filter
        </Button>
        {filters.active ? (
          <Button asChild variant="ghost">
            <Link to={filters.clearHref}>Clear Filters</Link>
          </Button>
        ) : null}
      </Flex>
    </Form>
  );
}

/**
 * Appends later chunks as the list scrolls (80 % scrolled), as spec 01 §9 says. The chunks belong
 * to the first page they were loaded under: a new first page (other filters, a save) starts over
 * in the same render, and a chunk asked for under an earlier one is dropped.
 */
function useInfiniteRows(data: ListScreenData) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ rows: RowView[]; next: string | null }>();
  const [loaded, setLoaded] = useState<{ base: RowView[]; rows: RowView[]; next: string | null }>({
    base: data.rows,
    rows: [],
    next: data.next,
  });
  const current = loaded.base === data.rows ? loaded : { base: data.rows, rows: [], next: data.next };
  const requested = useRef<{ base: RowView[]; cursor: string } | null>(null);
  const applied = useRef<unknown>(null);

  useEffect(() => {
    const chunk = fetcher.data;
    if (fetcher.state !== 'idle' || !chunk || applied.current === chunk) return;
    applied.current = chunk;
    if (requested.current?.base !== data.rows) return;
    setLoaded((previous) => {
      const rows = previous.base === data.rows ? previous.rows : [];
      const seen = new Set([...data.rows, ...rows].map((row) => row.key));
      return { base: data.rows, rows: [...rows, ...chunk.rows.filter((row) => !seen.has(row.key))], next: chunk.next };
    });
  }, [fetcher.state, fetcher.data, data.rows]);

  const next = current.next;
  /** Asks for the next chunk; false when there is none or one is on its way. */
  const loadMore = useCallback((): boolean => {
    if (!next || fetcher.state !== 'idle') return false;
    if (requested.current?.base === data.rows && requested.current.cursor === next) return false;
    requested.current = { base: data.rows, cursor: next };
    const separator = data.links.rows.includes('?') ? '&' : '?';
    fetcher.load(`${data.links.rows}${separator}after=${encodeURIComponent(next)}`);
    return true;
  }, [next, fetcher, data.rows, data.links.rows]);

  useEffect(() => {
    if (!hydrated || !next) return;
    const onScroll = () => {
      const scrolled = (window.scrollY + window.innerHeight) / document.documentElement.scrollHeight;
      if (scrolled >= 0.8) loadMore();
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [hydrated, next, loadMore]);

  return { rows: [...data.rows, ...current.rows], next, loading: fetcher.state === 'loading', hydrated, loadMore };
}

/**
 * The rows ticked by hand. They stay ticked while the list's rows are the same (the page behind
 * the Delete Selected confirmation is loaded again after its post, and a cancelled confirmation
 * returns to it); the confirmation's own keys are ticked, so the list behind it shows what it
 * asks about. Other rows (a filter, a delete) start with none.
 */
function useCheckedRows(data: ListScreenData, bulk: BulkActionData | undefined) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(confirmedKeys(bulk)));
  const signature = data.rows.map((row) => row.key).join('\n');
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else setChecked(new Set());
  }, [signature]);
  useEffect(() => {
    const keys = confirmedKeys(bulk);
    if (keys.length > 0) setChecked(new Set(keys));
  }, [bulk]);
  const toggle = (key: string, on: boolean) =>
    setChecked((current) => {
      const copy = new Set(current);
      if (on) copy.add(key);
      else copy.delete(key);
      return copy;
    });
  return { checked, toggle };
}

const confirmedKeys = (bulk: BulkActionData | undefined): readonly string[] =>
  bulk?.confirm && !bulk.confirm.all ? bulk.confirm.keys : [];

/** Chunks loaded at most to find the row a closed form returns to. */
const MAX_CHUNKS_TO_ROW = 20;

/**
 * After a form of the right column closes (`#row-…`), its row comes into view and its title
 * takes the focus. A row further down than the first chunk (loaded by scrolling before) is
 * found by loading the next chunks until it is there.
 */
function useRowFocus(rows: readonly RowView[], next: string | null, loadMore: () => boolean) {
  const location = useLocation();
  const done = useRef<string | null>(null);
  const chunks = useRef(0);
  useEffect(() => {
    done.current = null;
    chunks.current = 0;
  }, [location.key]);
  useEffect(() => {
    if (!location.hash.startsWith('#row-') || done.current === location.key) return;
    const row = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!row) {
      if (next && chunks.current < MAX_CHUNKS_TO_ROW && loadMore()) chunks.current += 1;
      return;
    }
    done.current = location.key;
    row.scrollIntoView({ block: 'center' });
    row.querySelector<HTMLElement>('.list-row-title')?.focus({ preventScroll: true });
  }, [location, rows.length, next, loadMore]);
}

function Rows({
  data,
  bulk,
  buttons,
  selectable,
}: {
  data: ListScreenData;
  bulk: BulkActionData | undefined;
  buttons?: ReactNode;
  selectable: boolean;
}) {
  const { rows, next, loading, hydrated, loadMore } = useInfiniteRows(data);
  const selectAll = data.selectAll;
  const { checked, toggle } = useCheckedRows(data, bulk);
  const confirmed = new Set(confirmedKeys(bulk));
  useRowFocus(rows, next, loadMore);
  if (rows.length === 0) {
    // An empty list says so in the right column, beside its Add button (spec 02 "Listing routes").
    const empty = data.filters.active ? (
      <Card>
        <Text as="p" color="gray">
          Nothing matches the filter.
        </Text>
      </Card>
    ) : null;
    return buttons ? (
      <>
        <Form method="post" action={data.bulkAction} className="list-rows-form">
          <Flex gap="3" align="center" wrap="wrap">
            {buttons}
          </Flex>
        </Form>
        {empty}
      </>
    ) : (
      empty
    );
  }

  const grouped = rows.some((row) => row.day !== null);
  const rowItem = (row: RowView) => (
    <li key={row.key} id={rowAnchor(row.key)} className="list-row" data-passed={row.passed ? '' : undefined}>
      {row.anchor ? <span id={row.anchor} className="list-anchor" /> : null}
      {selectable ? (
        <input
          type="checkbox"
          name={selectAll ? undefined : 'key'}
          value={row.key}
          aria-label={`Select ${row.title}`}
          checked={selectAll ? true : hydrated ? checked.has(row.key) : undefined}
          defaultChecked={!hydrated && (selectAll || confirmed.has(row.key)) ? true : undefined}
          disabled={Boolean(selectAll)}
          onChange={hydrated ? (event) => toggle(row.key, event.currentTarget.checked) : undefined}
        />
      ) : null}
      {row.image ? <img src={row.image} alt="" className="list-row-image" width={56} height={40} /> : null}
      <Flex direction="column" className="list-row-text">
        <ThemeLink asChild weight="medium" underline="hover" className="list-row-title">
          <Link to={row.editHref}>{row.title}</Link>
        </ThemeLink>
        {row.subtitle ? (
          <Text size="1" color="gray">
            {row.subtitle}
          </Text>
        ) : null}
        {row.when ? (
          <Text size="1" color="gray" className="list-row-when">
            {row.when}
          </Text>
        ) : null}
        {row.notes.map((note) => (
          <Text
            key={note.text}
            size="1"
            color={note.tone === 'alert' ? 'red' : note.tone === 'good' ? 'green' : 'gray'}
            weight={note.tone === 'alert' ? 'bold' : undefined}
            className="list-row-note"
            data-tone={note.tone}
          >
            {note.text}
          </Text>
        ))}
      </Flex>
      {row.passed ? <Badge color="gray">Passed</Badge> : null}
      <Flex gap="1" align="center" className="list-row-actions">
        {row.recurrenceHref ? (
          <Button asChild variant="soft" size="1" color="gray">
            <Link to={row.recurrenceHref} aria-label={`Show the recurrence of ${row.title}`}>
              Recurrence
            </Link>
          </Button>
        ) : null}
        {row.detailAction ? (
          <Button asChild variant="soft" size="1" color="gray">
            <Link to={row.detailAction.href} aria-label={`${row.detailAction.label} of ${row.title}`}>
              {row.detailAction.label}
            </Link>
          </Button>
        ) : null}
        {row.duplicateHref ? (
          <Button asChild variant="soft" size="1" color="gray">
            <Link to={row.duplicateHref} aria-label={`Duplicate ${row.title}`}>
              Duplicate
            </Link>
          </Button>
        ) : null}
        {row.deleteHref ? (
          <Button asChild variant="soft" size="1" color="red">
            <Link to={row.deleteHref} aria-label={`Delete ${row.title}`}>
              Delete
            </Link>
          </Button>
        ) : null}
      </Flex>
    </li>
  );

  const body = (
    <>
      {selectable ? (
        <Flex gap="3" align="center" wrap="wrap" mb="2">
          {selectAll ? (
            <>
              <input type="hidden" name="all" value="1" />
              <Text size="2" role="status">
                {selectAll.truncated
                  ? `The first ${selectAll.count.toLocaleString('en-US')} matching items are selected.`
                  : `All ${selectAll.count.toLocaleString('en-US')} matching ${selectAll.count === 1 ? 'item is' : 'items are'} selected.`}
              </Text>
              <Button asChild variant="ghost" size="1">
                <Link to={selectAll.clearHref}>Clear selection</Link>
              </Button>
            </>
          ) : (
            <Button asChild variant="soft" size="1">
              <Link to={data.selectAllHref}>Select all</Link>
            </Button>
          )}
          <Button
            type="submit"
            name="intent"
            value="delete-selected"
            color="red"
            variant="soft"
            size="1"
            disabled={hydrated && !selectAll && checked.size === 0}
          >
            Delete Selected
          </Button>
          {buttons}
        </Flex>
      ) : null}
      {grouped ? (
        groupRowsByDay(rows).map((group) => (
          <section key={group.id} className="list-day" aria-labelledby={`day-${group.id}`}>
            <Heading as="h2" size="3" id={`day-${group.id}`} className="list-day-heading">
              {group.heading ?? 'No date'}
            </Heading>
            <ul className="list-rows" aria-labelledby={`day-${group.id}`}>
              {group.rows.map(rowItem)}
            </ul>
          </section>
        ))
      ) : (
        <ul className="list-rows" aria-label={data.title}>
          {rows.map(rowItem)}
        </ul>
      )}
      {next ? (
        hydrated ? (
          <Text as="p" size="2" color="gray" role="status" aria-live="polite">
            {loading ? data.loadingText : ''}
          </Text>
        ) : data.moreHref ? (
          <Button asChild variant="soft" mt="2">
            <Link to={data.moreHref}>More</Link>
          </Button>
        ) : null
      ) : null}
    </>
  );
  return selectable ? (
    <Form method="post" action={data.bulkAction} className="list-rows-form" data-hydrated={hydrated ? '' : undefined}>
      {body}
    </Form>
  ) : (
    <div className="list-rows-form" data-hydrated={hydrated ? '' : undefined}>
      {body}
    </div>
  );
}

function BulkConfirm({ data, confirm }: { data: ListScreenData; confirm: NonNullable<BulkActionData['confirm']> }) {
  return (
    <ConfirmDialog
      title="Delete Selected"
      role="alertdialog"
      description={confirm.text}
      // Cancel keeps the selection: select-all stays on (the ticked rows stay ticked with JavaScript).
      cancelHref={confirm.all ? data.selectAllHref : data.links.list}
      form={{
        action: data.bulkAction,
        fields: (
          <>
            <input type="hidden" name="confirmed" value="1" />
            {confirm.all ? (
              <input type="hidden" name="all" value="1" />
            ) : (
              confirm.keys.map((key) => <input key={key} type="hidden" name="key" value={key} />)
            )}
          </>
        ),
      }}
      answers={
        <Button type="submit" name="intent" value="delete-selected" color="red">
          {`Delete ${confirm.count.toLocaleString('en-US')} ${confirm.count === 1 ? 'item' : 'items'}`}
        </Button>
      }
    />
  );
}

/** The right column of a list without an open form: its actions and, when empty, its message. */
export function ListActions({ data }: { data: ListScreenData }) {
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        {data.title}
      </Heading>
      {/* Side by side on a phone, where the column comes before the list; one under another beside it. */}
      <Flex direction={{ initial: 'row', md: 'column' }} wrap="wrap" gap="2">
        <Button asChild>
          <Link to={data.addHref}>{`Add ${data.itemName}`}</Link>
        </Button>
        {data.sortable && data.rows.length > 1 ? (
          <Button asChild variant="soft">
            <Link to={data.links.sort}>Sort</Link>
          </Button>
        ) : null}
        <Button asChild variant="soft">
          <Link to={data.links.headerImages}>Header Images</Link>
        </Button>
        {data.links.configEvents ? (
          <Button asChild variant="soft">
            <Link to={data.links.configEvents}>Config</Link>
          </Button>
        ) : null}
        {data.links.otherView ? (
          <Button asChild variant="soft">
            <Link to={data.links.otherView}>{data.filters.view === 'archive' ? 'View Active' : 'View Archived'}</Link>
          </Button>
        ) : null}
      </Flex>
      {data.rows.length === 0 && !data.filters.active ? (
        <Text as="p" color="gray" size="2">
          {data.emptyMessage}
        </Text>
      ) : null}
    </Flex>
  );
}

const isListScreenData = (value: unknown): value is ListScreenData =>
  typeof value === 'object' && value !== null && 'links' in value && 'rows' in value && 'bulkAction' in value;

/** The list screen's data, for the right column's routes below the list's layout (its handle says `listScreen`). */
export function useListScreen(): ListScreenData | null {
  const match = useMatches().find((candidate) => isListScreenHandle(candidate.handle));
  return match && isListScreenData(match.data) ? match.data : null;
}
