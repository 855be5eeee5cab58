import { useRef } from 'react';
import { colorStyle, JsonLd } from './calendar-page';
import { useEmbedHeight, useLiveCalendar } from './live';
import type { PublicEventData } from './public-calendar.server';

/** One occurrence's page: its title, when, where, image and description, a way back to the calendar, and its schema.org Event. */
export function PublicEventPage({ data, liveHref }: { data: PublicEventData; liveHref: string }) {
  const root = useRef<HTMLDivElement>(null);
  useLiveCalendar(liveHref, data.liveVersion);
  useEmbedHeight(root);
  const { event } = data;
  return (
    <div ref={root} className="pc pc-event-page" style={colorStyle(data.colors)}>
      <header className="pc-header">
        <p className="pc-heading pc-heading-small">
          {data.calendar.title}
          <span className="pc-community">{data.community.name}</span>
        </p>
      </header>
      <main className="pc-main">
        <p className="pc-back">
          <a href={data.calendar.href}>
            <span aria-hidden="true">‹ </span>Back to the calendar
          </a>
        </p>
        <article className={event.passed ? 'pc-event pc-passed' : 'pc-event'}>
          <h1 className="pc-event-title">{event.title}</h1>
          {event.passed ? <p className="pc-badge">This event has passed.</p> : null}
          <dl className="pc-facts">
            <dt>When</dt>
            <dd>
              <time dateTime={event.startIso}>{event.when}</time>
            </dd>
            {event.location ? (
              <>
                <dt>Where</dt>
                <dd>
                  {event.location}
                  {event.address ? <span className="pc-address">{event.address}</span> : null}
                </dd>
              </>
            ) : null}
          </dl>
          {event.image ? <img className="pc-event-image" src={event.image} alt="" /> : null}
          {event.description.length > 0 ? (
            <div className="pc-description">
              {event.description.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          ) : null}
          {data.manage ? (
            <p className="pc-manage">
              <a href={data.manage.deleteHref}>Delete this event</a>
              {data.manage.notifyHref ? <a href={data.manage.notifyHref}>Send a notification about it</a> : null}
            </p>
          ) : null}
        </article>
      </main>
      <JsonLd value={data.jsonLd} />
    </div>
  );
}
