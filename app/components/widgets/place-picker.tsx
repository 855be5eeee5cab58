import { Button, Flex, Text } from '@radix-ui/themes';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PlaceDetails, PlaceSuggestion } from '@server/providers/places/types';
import { ErrorList } from '~/components/forms/error-list';
import { Notice } from '~/components/forms/fields';
import { LOCATION_TEXTS, locationFromPlace, type LocationFormValue } from '~/lib/location';

/**
 * The place picker (spec 03 §2 Title/Location section, §7 place autocomplete): an optional
 * 'Item Does Not Have A Location' box, a place search, and the address, city, state, zip,
 * latitude and longitude fields posted under `name` (`${name}.address` …, `${name}.placeId`).
 *
 * With JavaScript the search box is a combobox: typing asks `searchUrl?q=` (a resource route,
 * after a pause in typing), arrows move through the listbox, Enter chooses, Escape closes, and
 * choosing asks the place's details and fills the fields; the Search button searches at once.
 * Without JavaScript the Search button posts the enclosing form with `searchIntent` and the
 * `${name}.query` text; the action answers with `suggestions`, each a submit button whose
 * action fills the fields (applyPlaceChoice): `name="placeChoice" value={placeId}`, or with
 * `choiceIntent` the form's intent `name="intent" value="{choiceIntent}:{placeId}"`.
 */

export const PLACE_PICKER_TEXTS = {
  search: 'Search for a place',
  searchButton: 'Search',
  searchHint: 'Places within 10 km (about 6 miles) of the community come first.',
  choose: 'Choose a place to fill in the address',
  noResults: 'No places found. Try other words, or fill in the address yourself.',
  searching: 'Searching…',
  filled: (title: string) => `Filled in from ${title}.`,
} as const;

/** The debounce of the live search (the resource route is rate limited per person). */
export const PLACE_SEARCH_DEBOUNCE_MS = 300;

type LocationField = Exclude<keyof LocationFormValue, 'noLocation' | 'placeId'>;

const FIELDS: Array<{ field: LocationField; label: string; inputMode?: 'decimal'; autoComplete?: string }> = [
  { field: 'address', label: 'Address', autoComplete: 'off' },
  { field: 'city', label: 'City', autoComplete: 'off' },
  { field: 'state', label: 'State', autoComplete: 'off' },
  { field: 'zip', label: 'Zip', autoComplete: 'off' },
  { field: 'latitude', label: 'Latitude', inputMode: 'decimal' },
  { field: 'longitude', label: 'Longitude', inputMode: 'decimal' },
];

export interface PlacePickerProps {
  name: string;
  defaultValue: LocationFormValue;
  allowNoLocation: boolean;
  /** The resource route with the caller's parameters, e.g. '/places/search?uuid=…'. */
  searchUrl: string;
  /** The no-JavaScript search's answer. */
  suggestions?: PlaceSuggestion[];
  /** The offline default answers: the picker says so. */
  offline: boolean;
  /** Errors by field (`latitude`) or by full name (`location.latitude`); `query` for the search. */
  errors?: Record<string, string[] | undefined>;
  searchIntent: { name: string; value: string };
  /** The no-JavaScript choices post this intent with the place id as its argument (default: a `placeChoice` field). */
  choiceIntent?: string;
  /** Called after a chosen place filled the fields (the fields then hold it). */
  onFill?: () => void;
  /** The text searched without JavaScript, shown again. */
  query?: string;
  /** The title field is part of the picker (default true). */
  withTitle?: boolean;
  titleLabel?: string;
}

/** The details route beside the search route, with the same caller parameters. */
export function detailsUrlOf(searchUrl: string, placeId: string): string {
  const url = new URL(searchUrl, 'http://picker.invalid');
  url.pathname = url.pathname.replace(/\/search$/, '/details');
  url.searchParams.delete('q');
  url.searchParams.set('placeId', placeId);
  return `${url.pathname}${url.search}`;
}

function searchUrlFor(searchUrl: string, query: string): string {
  const url = new URL(searchUrl, 'http://picker.invalid');
  url.searchParams.set('q', query);
  return `${url.pathname}${url.search}`;
}

export function PlacePicker({
  name,
  defaultValue,
  allowNoLocation,
  searchUrl,
  suggestions,
  offline,
  errors = {},
  searchIntent,
  choiceIntent,
  onFill,
  query = '',
  withTitle = true,
  titleLabel = 'Title',
}: PlacePickerProps) {
  const id = useId();
  const [value, setValue] = useState<LocationFormValue>(defaultValue);
  const [enhanced, setEnhanced] = useState(false);
  const [text, setText] = useState(query);
  const [live, setLive] = useState<PlaceSuggestion[] | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<string>('');
  const [liveError, setLiveError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const request = useRef<AbortController | null>(null);
  const [fills, setFills] = useState(0);

  useEffect(() => setEnhanced(true), []);
  // A new answer of the server (an error, a place chosen without JavaScript) replaces the fields.
  const defaultKey = JSON.stringify(defaultValue);
  useEffect(() => setValue(JSON.parse(defaultKey) as LocationFormValue), [defaultKey]);
  // After the filled fields are on the page.
  useEffect(() => {
    if (fills > 0) onFill?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new fill calls back
  }, [fills]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const errorsOf = (field: string) => errors[field] ?? errors[`${name}.${field}`];
  const fieldId = (field: string) => `${id}-${field}`;
  const listId = `${id}-listbox`;
  const shown = enhanced ? (live ?? []) : (suggestions ?? []);

  async function search(q: string) {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    if (q.trim() === '') {
      setLive(null);
      setOpen(false);
      setStatus('');
      return;
    }
    setStatus(PLACE_PICKER_TEXTS.searching);
    try {
      const response = await fetch(searchUrlFor(searchUrl, q.trim()), {
        signal: controller.signal,
        headers: { Accept: 'application/json' },
      });
      const data = (await response.json()) as { suggestions?: PlaceSuggestion[]; error?: string | null };
      const found = Array.isArray(data.suggestions) ? data.suggestions : [];
      setLive(found);
      setLiveError(data.error ?? null);
      setOpen(true);
      setActive(found.length > 0 ? 0 : -1);
      setStatus(found.length === 0 ? (data.error ?? PLACE_PICKER_TEXTS.noResults) : `${found.length} places found.`);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      setLiveError('The place search failed. Please try again, or fill in the address yourself.');
      setStatus('');
    }
  }

  async function choose(suggestion: PlaceSuggestion) {
    setOpen(false);
    setText(suggestion.title);
    try {
      const response = await fetch(detailsUrlOf(searchUrl, suggestion.placeId), { headers: { Accept: 'application/json' } });
      const data = (await response.json()) as { details?: PlaceDetails | null; error?: string | null };
      if (!data.details) {
        setLiveError(data.error ?? 'The place could not be read. Please try again.');
        return;
      }
      const details = data.details;
      setValue((current) => locationFromPlace(details, current));
      setFills((count) => count + 1);
      setLiveError(null);
      setStatus(PLACE_PICKER_TEXTS.filled(details.title));
    } catch {
      setLiveError('The place could not be read. Please try again.');
    }
  }

  function onType(next: string) {
    setText(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void search(next), PLACE_SEARCH_DEBOUNCE_MS);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (!enhanced) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open && shown.length > 0) setOpen(true);
      if (shown.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + shown.length) % shown.length);
    } else if (event.key === 'Enter') {
      // Never the enclosing form's submit: Enter chooses, or searches now.
      event.preventDefault();
      const chosen = open ? shown[active] : undefined;
      if (chosen) void choose(chosen);
      else void search(text);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  const set = (field: LocationField) => (next: string) => setValue((current) => ({ ...current, [field]: next }));
  const hidesLocation = allowNoLocation && value.noLocation;
  const searchErrors = [...(errorsOf('query') ?? []), ...(liveError ? [liveError] : [])];

  return (
    <Flex direction="column" gap="3" className="place-picker">
      {withTitle ? (
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={fieldId('title')}>
            {titleLabel}
          </Text>
          <input
            id={fieldId('title')}
            name={`${name}.title`}
            className="form-control"
            value={value.title}
            onChange={(event) => set('title')(event.currentTarget.value)}
            aria-invalid={errorsOf('title') ? true : undefined}
            aria-describedby={errorsOf('title') ? `${fieldId('title')}-error` : undefined}
            autoComplete="off"
          />
          <ErrorList id={`${fieldId('title')}-error`} errors={errorsOf('title')} />
        </Flex>
      ) : null}

      {allowNoLocation ? (
        <Text as="label" size="2">
          <Flex gap="2" align="center">
            <input
              type="checkbox"
              name={`${name}.noLocation`}
              value="on"
              checked={value.noLocation}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setValue((current) => ({ ...current, noLocation: checked }));
              }}
            />
            {LOCATION_TEXTS.noLocation}
          </Flex>
        </Text>
      ) : null}

      {hidesLocation ? null : (
        <>
          {offline ? <Notice tone="info">{PLACE_SEARCH_OFFLINE_TEXT}</Notice> : null}
          <Flex direction="column" gap="1" position="relative">
            <Text as="label" size="2" weight="medium" htmlFor={fieldId('query')}>
              {PLACE_PICKER_TEXTS.search}
            </Text>
            <Flex gap="2" align="start" wrap="wrap">
              <input
                id={fieldId('query')}
                name={`${name}.query`}
                type="search"
                className="form-control place-picker-query"
                value={text}
                maxLength={120}
                autoComplete="off"
                onChange={(event) => onType(event.currentTarget.value)}
                onKeyDown={onKeyDown}
                onBlur={() => setTimeout(() => setOpen(false), 150)}
                aria-describedby={`${fieldId('query')}-hint${searchErrors.length ? ` ${fieldId('query')}-error` : ''}`}
                {...(enhanced
                  ? {
                      role: 'combobox',
                      'aria-autocomplete': 'list' as const,
                      'aria-expanded': open,
                      'aria-controls': listId,
                      'aria-activedescendant': open && active >= 0 ? `${listId}-${active}` : undefined,
                    }
                  : {})}
              />
              {enhanced ? (
                <Button type="button" variant="soft" highContrast onClick={() => void search(text)}>
                  {PLACE_PICKER_TEXTS.searchButton}
                </Button>
              ) : (
                <Button type="submit" variant="soft" highContrast name={searchIntent.name} value={searchIntent.value} formNoValidate>
                  {PLACE_PICKER_TEXTS.searchButton}
                </Button>
              )}
            </Flex>
            <Text id={`${fieldId('query')}-hint`} size="1" color="gray">
              {PLACE_PICKER_TEXTS.searchHint}
            </Text>
            <ErrorList id={`${fieldId('query')}-error`} errors={searchErrors} />
            {enhanced ? (
              <>
                <ul
                  id={listId}
                  role="listbox"
                  aria-label={PLACE_PICKER_TEXTS.choose}
                  className="place-picker-listbox"
                  hidden={!open || shown.length === 0}
                >
                  {shown.map((suggestion, index) => (
                    <li
                      key={suggestion.placeId}
                      id={`${listId}-${index}`}
                      role="option"
                      aria-selected={index === active}
                      className="place-picker-option"
                      onMouseDown={(event) => {
                        event.preventDefault();
                        void choose(suggestion);
                      }}
                      onMouseEnter={() => setActive(index)}
                    >
                      <Text size="2" weight="medium">
                        {suggestion.title}
                      </Text>
                      {suggestion.subtitle ? (
                        <Text size="1" color="gray">
                          {suggestion.subtitle}
                        </Text>
                      ) : null}
                    </li>
                  ))}
                </ul>
                <Text size="1" color="gray" role="status" aria-live="polite" className="visually-hidden">
                  {status}
                </Text>
              </>
            ) : suggestions !== undefined ? (
              <fieldset className="place-picker-choices">
                <legend>
                  <Text size="2" weight="medium">
                    {PLACE_PICKER_TEXTS.choose}
                  </Text>
                </legend>
                {suggestions.length === 0 ? (
                  <Text size="2" color="gray">
                    {PLACE_PICKER_TEXTS.noResults}
                  </Text>
                ) : (
                  <Flex direction="column" gap="2">
                    {suggestions.map((suggestion) => (
                      <button
                        key={suggestion.placeId}
                        type="submit"
                        name={choiceIntent ? 'intent' : 'placeChoice'}
                        value={choiceIntent ? `${choiceIntent}:${suggestion.placeId}` : suggestion.placeId}
                        className="place-picker-choice"
                        formNoValidate
                      >
                        <strong>{suggestion.title}</strong>
                        {suggestion.subtitle ? <span> — {suggestion.subtitle}</span> : null}
                      </button>
                    ))}
                  </Flex>
                )}
              </fieldset>
            ) : null}
          </Flex>

          <div className="place-picker-fields">
            {FIELDS.map(({ field, label, inputMode, autoComplete }) => {
              const fieldErrors = errorsOf(field);
              return (
                <Flex key={field} direction="column" gap="1">
                  <Text as="label" size="2" weight="medium" htmlFor={fieldId(field)}>
                    {label}
                  </Text>
                  <input
                    id={fieldId(field)}
                    name={`${name}.${field}`}
                    className="form-control"
                    value={value[field]}
                    inputMode={inputMode}
                    autoComplete={autoComplete ?? 'off'}
                    onChange={(event) => set(field)(event.currentTarget.value)}
                    aria-invalid={fieldErrors ? true : undefined}
                    aria-describedby={fieldErrors ? `${fieldId(field)}-error` : undefined}
                  />
                  <ErrorList id={`${fieldId(field)}-error`} errors={fieldErrors} />
                </Flex>
              );
            })}
          </div>
          <input type="hidden" name={`${name}.placeId`} value={value.placeId} />
        </>
      )}
    </Flex>
  );
}

/** The offline notice (the server's PLACE_SEARCH_OFFLINE_MESSAGE, repeated here for the browser bundle). */
export const PLACE_SEARCH_OFFLINE_TEXT =
  'The places service is offline: no maps API key is configured, so the search only knows a few sample places near the demo communities. ' +
  'You can type the address, latitude and longitude yourself.';
