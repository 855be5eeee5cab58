import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useSubmit } from '@remix-run/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Form } from '~/components/forms/form';
import { HomeIcon } from '~/components/shell/icons';
import { CopyField } from '~/components/widgets/copy-field';
import {
  ACTIVITIES_GROUP,
  CODE_TAB_LABELS,
  CODE_TABS,
  LEGACY_EVENTS_GROUP,
  builderCalendarSearch,
  builderSearch,
  calendarFrameTitle,
  embedHeight,
  previewHeight,
  type BuilderChoices,
  type CodeTab,
} from '~/lib/calendar-builder';
import { hrefs } from '~/lib/hrefs';
import {
  EMBED_HEIGHT_LIMITS,
  PUBLIC_CALENDAR_DEFAULTS,
  embedCode,
  publicCalendarUrl,
  type PublicCalendarColorName,
} from '~/lib/public-calendar';
import type { BuilderCalendar, CalendarBuilderData } from './calendar-builder.server';

/** The preview frame's id: Print Calendar prints its window. */
const PREVIEW_ID = 'calendar-preview';
/** How long typing in the height or dragging a colour waits before the preview follows. */
const FOLLOW_DELAY_MS = 300;

const COLOR_LABELS: Record<PublicCalendarColorName, string> = {
  colorBackground: 'Background Color',
  colorAccent: 'Accent Color',
  colorPrimary: 'Primary Color',
  colorText: 'Text Color',
  colorDate: 'Date Color',
};
const COLOR_ORDER: readonly PublicCalendarColorName[] = ['colorBackground', 'colorAccent', 'colorPrimary', 'colorText', 'colorDate'];

/**
 * The calendar builder (spec 03 "Calendar builder"): the form on the left, the live preview of
 * the public calendar on the right (stacked on a phone), and the codes under the form. The form
 * is a GET form: its query is the calendar being built, so without JavaScript "Update Preview"
 * shows the choice; with JavaScript every change follows at once (the same query, replaced in
 * the address).
 */
export function CalendarBuilderScreen({ data }: { data: CalendarBuilderData }) {
  const { choices, community, calendars, defaults, origin } = data;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => (timer.current ? clearTimeout(timer.current) : undefined), []);

  const calendar = calendars.find((candidate) => candidate.id === choices.selectedTab);
  const calendarLabel = calendar?.label ?? choices.selectedTab;
  const search = builderCalendarSearch(community.key, choices, defaults);
  const screenUrl = publicCalendarUrl(origin, search);
  const frameTitle = calendarFrameTitle(community.name, calendarLabel);
  const tabs = CODE_TABS.filter((tab) => tab !== 'ical' || data.ical !== null);
  const tabHref = (tab: CodeTab) => hrefs.calendarBuilder(builderSearch(community.key, choices, defaults, tab));

  const follow = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const target = event.target as HTMLInputElement;
    const delay = target.type === 'color' || target.type === 'number' ? FOLLOW_DELAY_MS : 0;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // An out-of-range height waits for a valid one (its field says why).
      if (!form.checkValidity()) return;
      void submit(form, { replace: true, preventScrollReset: true });
    }, delay);
  };

  return (
    <div className="page calendar-builder">
      <Flex align="center" gap="3" className="calendar-builder-heading">
        <Link to={hrefs.home()} className="calendar-builder-home" aria-label="Home" title="Home">
          <HomeIcon />
        </Link>
        <Heading as="h1" size="6">
          Calendar Builder
        </Heading>
      </Flex>

      <div className="calendar-builder-layout">
        <section className="calendar-builder-form" aria-labelledby="calendar-builder-settings">
          <Heading as="h2" size="4" id="calendar-builder-settings" className="visually-hidden">
            Calendar settings
          </Heading>
          <Form method="get" replace preventScrollReset onChange={hydrated ? follow : undefined} className="calendar-builder-fields">
            <CalendarSelect calendars={calendars} selected={choices.selectedTab} />
            <fieldset className="calendar-builder-group">
              <legend>View</legend>
              <Flex gap="4" wrap="wrap">
                <Text as="label" size="2" className="form-check">
                  <input type="radio" name="defaultView" value="listMonth" defaultChecked={choices.defaultView === 'listMonth'} />
                  Agenda
                </Text>
                <Text as="label" size="2" className="form-check">
                  <input type="radio" name="defaultView" value="dayGridMonth" defaultChecked={choices.defaultView === 'dayGridMonth'} />
                  Monthly
                </Text>
              </Flex>
            </fieldset>
            <fieldset className="calendar-builder-group">
              <legend>Colors</legend>
              <div className="calendar-builder-colors">
                {COLOR_ORDER.map((name) => (
                  <ColorField key={name} name={name} label={COLOR_LABELS[name]} value={choices.colors[name]} />
                ))}
              </div>
            </fieldset>
            <HeightField height={choices.height} />
            <Flex direction="column" gap="2">
              <Flag name="hideArrows" label="Hide Navigation Arrows" checked={choices.hideArrows} />
              <Flag name="expand" label="Expand All Events" checked={choices.expand} />
              <Flag name="isCondensed" label="Condense Descriptions" checked={choices.isCondensed} />
            </Flex>
            {choices.code !== 'embed' ? <input type="hidden" name="code" value={choices.code} /> : null}
            {hydrated ? null : (
              <div>
                <Button type="submit">Update Preview</Button>
              </div>
            )}
          </Form>

          <PrintCalendar screenUrl={screenUrl} hydrated={hydrated} />

          <section className="calendar-builder-codes" aria-labelledby="calendar-builder-codes">
            <Heading as="h2" size="4" id="calendar-builder-codes">
              Add this calendar
            </Heading>
            <nav aria-label="Calendar codes">
              <ul className="list-tabs calendar-builder-tabs">
                {tabs.map((tab) => (
                  <li key={tab}>
                    <Link
                      to={tabHref(tab)}
                      replace
                      preventScrollReset
                      className="list-tab"
                      aria-current={tab === choices.code ? 'page' : undefined}
                    >
                      {CODE_TAB_LABELS[tab]}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <CodePanel data={data} choices={choices} screenUrl={screenUrl} frameTitle={frameTitle} search={search} hydrated={hydrated} />
          </section>
        </section>

        <section className="calendar-builder-preview" aria-labelledby="calendar-builder-preview">
          <Heading as="h2" size="4" id="calendar-builder-preview">
            Preview
          </Heading>
          <iframe
            id={PREVIEW_ID}
            src={hrefs.publicCalendar(search)}
            title={`Preview: ${frameTitle}`}
            width="100%"
            height={previewHeight(choices)}
            className="calendar-builder-frame"
          />
        </section>
      </div>
    </div>
  );
}

function CalendarSelect({ calendars, selected }: { calendars: BuilderCalendar[]; selected: string }) {
  const id = useId();
  const groups = [ACTIVITIES_GROUP, LEGACY_EVENTS_GROUP].map((group) => ({
    group,
    calendars: calendars.filter((calendar) => calendar.group === group),
  }));
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        Calendar
      </Text>
      <select id={id} name="selectedTab" defaultValue={selected} className="form-control">
        {groups
          .filter(({ calendars: inGroup }) => inGroup.length > 0)
          .map(({ group, calendars: inGroup }) => (
            <optgroup key={group} label={group}>
              {inGroup.map((calendar) => (
                <option key={calendar.id} value={calendar.id}>
                  {calendar.label}
                </option>
              ))}
            </optgroup>
          ))}
      </select>
    </Flex>
  );
}

function ColorField({ name, label, value }: { name: PublicCalendarColorName; label: string; value: string }) {
  const id = useId();
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" htmlFor={id}>
        {label}
      </Text>
      <input id={id} type="color" name={name} defaultValue={value} className="form-control" />
    </Flex>
  );
}

function HeightField({ height }: { height: number | null }) {
  const id = useId();
  return (
    <Flex direction="column" gap="1">
      <Text as="label" size="2" weight="medium" htmlFor={id}>
        Calendar Height (px)
      </Text>
      <input
        id={id}
        type="number"
        name="height"
        inputMode="numeric"
        min={EMBED_HEIGHT_LIMITS.min}
        max={EMBED_HEIGHT_LIMITS.max}
        step={1}
        defaultValue={height ?? ''}
        placeholder={String(PUBLIC_CALENDAR_DEFAULTS.embedHeight)}
        aria-describedby={`${id}-hint`}
        className="form-control"
      />
      <Text id={`${id}-hint`} size="1" color="gray">
        {EMBED_HEIGHT_LIMITS.min} to {EMBED_HEIGHT_LIMITS.max}. Empty: {PUBLIC_CALENDAR_DEFAULTS.embedHeight} px on your site,{' '}
        {PUBLIC_CALENDAR_DEFAULTS.previewHeight} px in the preview.
      </Text>
    </Flex>
  );
}

function Flag({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <Text as="label" size="2" className="form-check">
      <input type="checkbox" name={name} value="true" defaultChecked={checked} />
      {label}
    </Text>
  );
}

/**
 * Print Calendar: with JavaScript the preview's own window prints (same origin); without it, or
 * when the preview cannot print, the calendar opens in a new tab to print from there.
 */
function PrintCalendar({ screenUrl, hydrated }: { screenUrl: string; hydrated: boolean }) {
  if (!hydrated) {
    return (
      <div>
        <Button asChild variant="surface">
          <a href={screenUrl} target="_blank" rel="noopener noreferrer" className="calendar-builder-print">
            Print Calendar<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>
    );
  }
  const print = () => {
    const frame = document.getElementById(PREVIEW_ID) as HTMLIFrameElement | null;
    try {
      if (!frame?.contentWindow) throw new Error('No preview to print');
      frame.contentWindow.focus();
      frame.contentWindow.print();
    } catch {
      window.open(screenUrl, '_blank', 'noopener');
    }
  };
  return (
    <div>
      <Button type="button" variant="surface" onClick={print} className="calendar-builder-print">
        Print Calendar
      </Button>
    </div>
  );
}

function CodePanel({
  data,
  choices,
  screenUrl,
  frameTitle,
  search,
  hydrated,
}: {
  data: CalendarBuilderData;
  choices: BuilderChoices;
  screenUrl: string;
  frameTitle: string;
  search: Record<string, string>;
  hydrated: boolean;
}) {
  const label = CODE_TAB_LABELS[choices.code];
  return (
    <div className="calendar-builder-panel" role="region" aria-label={label}>
      {choices.code === 'embed' ? (
        <CopyField
          label="Embed Code"
          hint="Paste this HTML into a page of your website."
          value={embedCode({ origin: data.origin, search, title: frameTitle, height: embedHeight(choices) })}
          multiline
          hydrated={hydrated}
        />
      ) : null}
      {choices.code === 'screen' ? (
        <CopyField label="Screen URL" hint="The calendar on a page of its own." value={screenUrl} hydrated={hydrated} />
      ) : null}
      {choices.code === 'ical' && data.ical ? (
        <Flex direction="column" gap="3">
          <CopyField
            label="iCal URL"
            hint="For calendar apps that import a feed by its address."
            value={data.ical.url}
            hydrated={hydrated}
          />
          <CopyField
            label="Subscribe Link"
            hint={
              <>
                Opens a calendar app to subscribe:{' '}
                <a href={data.ical.webcal} className="calendar-builder-subscribe">
                  Subscribe to this calendar
                </a>
              </>
            }
            value={data.ical.webcal}
            hydrated={hydrated}
          />
        </Flex>
      ) : null}
    </div>
  );
}
