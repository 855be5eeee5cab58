import { useRef, type CSSProperties, type ReactNode } from 'react';
import type { PublicCalendarColors, PublicCalendarRow } from '@server/public-calendar';
import { useNonce } from '~/components/nonce';
import { jsonLdText } from '~/lib/json-ld';
import { useEmbedHeight, useLiveCalendar } from './live';
import type { PublicCalendarData, PublicCalendarMissing } from './public-calendar.server';

/**
 * The public calendar (spec 03 "Public calendar page (/calendar)"): a list of the days from
 * today, or a month grid, rendered on the server; every view switch, month and event is a link,
 * so it works without JavaScript, in a frame and on paper. Landmarks and headings name the
 * calendar, the period and each day; the month is a table whose cells are named by their date.
 */

export function colorStyle(colors: PublicCalendarColors): CSSProperties {
  return {
    '--pc-background': colors.background,
    '--pc-on-background': colors.onBackground,
    '--pc-primary': colors.primary,
    '--pc-text': colors.text,
    '--pc-accent': colors.accent,
    '--pc-date': colors.date,
  } as CSSProperties;
}

export function JsonLd({ value }: { value: unknown }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLdText(value) }} />;
}

function ManageActions({ manage, title }: { manage: NonNullable<PublicCalendarRow['manage']>; title: string }) {
  return (
    <span className="pc-manage">
      <a href={manage.deleteHref} aria-label={`Delete ${title}`}>
        Delete
      </a>
      {manage.notifyHref ? (
        <a href={manage.notifyHref} aria-label={`Send a notification about ${title}`}>
          Notify
        </a>
      ) : null}
    </span>
  );
}

function ListRow({ row, expand }: { row: PublicCalendarRow; expand: boolean }) {
  const details: ReactNode =
    row.description.length > 0 ? (
      <div className="pc-description">
        {row.description.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    ) : null;
  return (
    <li className={row.passed ? 'pc-row pc-passed' : 'pc-row'}>
      <time className="pc-time" dateTime={row.startIso}>
        {row.time}
      </time>
      <div className="pc-body">
        <a className="pc-title" href={row.href}>
          {row.title}
        </a>
        {row.passed ? <span className="pc-badge">Passed</span> : null}
        {row.location ? <span className="pc-location">{row.location}</span> : null}
        {details ? (
          expand ? (
            details
          ) : (
            <details className="pc-details">
              <summary>
                Details<span className="pc-sr"> of {row.title}</span>
              </summary>
              {details}
            </details>
          )
        ) : null}
        {row.manage ? <ManageActions manage={row.manage} title={row.title} /> : null}
      </div>
    </li>
  );
}

function Toolbar({ data }: { data: PublicCalendarData }) {
  const { period, viewHrefs, view } = data;
  const unit = data.query.duration && view === 'listMonth' ? 'period' : 'month';
  return (
    <div className="pc-toolbar">
      <nav className="pc-nav" aria-label="Dates">
        {period.prevHref ? (
          <a className="pc-button" href={period.prevHref} aria-label={`Previous ${unit}`}>
            <span aria-hidden="true">‹</span>
          </a>
        ) : null}
        {period.nextHref ? (
          <a className="pc-button" href={period.nextHref} aria-label={`Next ${unit}`}>
            <span aria-hidden="true">›</span>
          </a>
        ) : null}
        {period.todayHref ? (
          <a className="pc-button" href={period.todayHref}>
            Today
          </a>
        ) : null}
      </nav>
      <h2 className="pc-period" id="pc-period">
        {period.title}
      </h2>
      <nav className="pc-views" aria-label="Views">
        <a className="pc-button" href={viewHrefs.list} aria-current={view === 'listMonth' ? 'page' : undefined}>
          List
        </a>
        <a className="pc-button" href={viewHrefs.month} aria-current={view === 'dayGridMonth' ? 'page' : undefined}>
          Month
        </a>
      </nav>
    </div>
  );
}

function ListView({ data }: { data: PublicCalendarData }) {
  if (data.empty) return <p className="pc-empty">No events to display.</p>;
  return (
    <div className="pc-list">
      {data.list.map((day) => (
        <section key={day.key} className="pc-day" aria-labelledby={`pc-day-${day.key}`}>
          <h3 id={`pc-day-${day.key}`} className="pc-day-heading">
            {day.heading}
          </h3>
          <ul className="pc-rows">
            {day.rows.map((row) => (
              <ListRow key={`${day.key}-${row.id}`} row={row} expand={data.query.expand} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function MonthView({ data }: { data: PublicCalendarData }) {
  const month = data.month!;
  return (
    <>
      {data.empty ? <p className="pc-empty">No events to display.</p> : null}
      <table className="pc-month" aria-labelledby="pc-period">
        <thead>
          <tr>
            {month.weekdays.map((weekday) => (
              <th key={weekday} scope="col">
                <abbr title={weekday}>{weekday.slice(0, 3)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {month.weeks.map((week) => (
            <tr key={week[0]!.key}>
              {week.map((cell) => (
                <td
                  key={cell.key}
                  className={[
                    'pc-cell',
                    cell.inMonth ? '' : 'pc-other-month',
                    cell.isToday ? 'pc-today' : '',
                    cell.isPast ? 'pc-past' : '',
                    cell.rows.length === 0 ? 'pc-no-events' : '',
                  ]
                    .filter(Boolean)
                    .join(' ')}
                >
                  <div className="pc-cell-date">
                    <span aria-hidden="true" className="pc-cell-number">
                      {cell.day}
                    </span>
                    <span className="pc-cell-label">
                      {cell.label}
                      {cell.isToday ? ' (today)' : ''}
                    </span>
                  </div>
                  {cell.rows.length > 0 ? (
                    <ul className="pc-cell-rows">
                      {cell.rows.map((row) => (
                        <li key={row.id} className={row.passed ? 'pc-passed' : undefined}>
                          <a href={row.href}>
                            <span className="pc-cell-time">{row.time === 'all-day' ? 'All day' : row.time.split(' - ')[0]}</span>{' '}
                            <span className="pc-cell-title">{row.title}</span>
                            {row.passed ? <span className="pc-sr"> (passed)</span> : null}
                          </a>
                          {row.manage ? <ManageActions manage={row.manage} title={row.title} /> : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {cell.moreHref ? (
                    <a className="pc-more" href={cell.moreHref}>
                      +{cell.more} more<span className="pc-sr"> on {cell.label}</span>
                    </a>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function PublicCalendarPage({ data }: { data: PublicCalendarData }) {
  const root = useRef<HTMLDivElement>(null);
  useLiveCalendar(data.liveHref, data.liveVersion);
  useEmbedHeight(root);
  return (
    <div ref={root} className={`pc pc-view-${data.view}${data.query.isCondensed ? ' pc-condensed' : ''}`} style={colorStyle(data.colors)}>
      <header className="pc-header">
        <h1 className="pc-heading">
          {data.calendar.title}
          <span className="pc-community">{data.community.name}</span>
        </h1>
        {data.tabs.length > 0 ? (
          <nav className="pc-tabs" aria-label="Calendars">
            <ul>
              {data.tabs.map((tab) => (
                <li key={tab.tab}>
                  <a href={tab.href} aria-current={tab.current ? 'page' : undefined}>
                    {tab.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main className="pc-main">
        <Toolbar data={data} />
        {data.view === 'listMonth' ? <ListView data={data} /> : <MonthView data={data} />}
      </main>
      {data.staff ? (
        <footer className="pc-staff">
          <p>
            You are signed in as staff of {data.community.name}. <a href={data.staff.audiencesHref}>Audiences</a>
          </p>
        </footer>
      ) : null}
      <JsonLd value={data.jsonLd} />
    </div>
  );
}

const MISSING_TEXTS: Record<PublicCalendarMissing['what'], (missing: PublicCalendarMissing) => { title: string; text: string }> = {
  community: (missing) => ({
    title: 'Calendar not found',
    text: `There is no community "${missing.community}". Check the calendar's address (its clocation) with whoever shared it.`,
  }),
  calendar: (missing) => ({
    title: 'Calendar not found',
    text: `${missing.communityName ?? missing.community} has no calendar "${missing.calendar}". It may have been renamed or removed; the community's other calendars are still there.`,
  }),
  event: (missing) => ({
    title: 'Event not found',
    text: `This event is no longer on ${missing.communityName ?? missing.community}'s calendar. It may have been moved or cancelled.`,
  }),
};

export function missingContent(missing: PublicCalendarMissing): { title: string; text: string } {
  return MISSING_TEXTS[missing.what](missing);
}

/** The 404 of the public calendar: what was not found, and where to go instead. */
export function PublicCalendarMissingPage({ missing, calendarHref }: { missing: PublicCalendarMissing; calendarHref: string | null }) {
  const { title, text } = missingContent(missing);
  return (
    <div className="pc pc-missing">
      <main className="pc-main">
        <h1 className="pc-heading-plain">{title}</h1>
        <p>{text}</p>
        {calendarHref ? (
          <p>
            <a href={calendarHref}>See the community&apos;s calendar</a>
          </p>
        ) : null}
      </main>
    </div>
  );
}
