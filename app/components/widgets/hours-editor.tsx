import { Button, Flex, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ErrorList } from '~/components/forms/error-list';
import { HOURS_DAY_NAMES, HOURS_DAYS, HOURS_ROWS_WITHOUT_JS, MAX_HOURS_SLOTS, type HoursDay, type HoursFormValue } from '~/lib/hours';
import type { WidgetErrors } from './widget-errors';

type Slot = { open: string; close: string };
type Days = Record<HoursDay, Slot[]>;

const blank = (): Slot => ({ open: '', close: '' });

/** The rows a day shows: its slots, padded with empty rows to the rows shown without JavaScript. */
function rowsOf(slots: readonly Slot[]): Slot[] {
  const rows = slots.slice(0, MAX_HOURS_SLOTS).map((slot) => ({ ...slot }));
  while (rows.length < HOURS_ROWS_WITHOUT_JS) rows.push(blank());
  return rows;
}

/**
 * The weekly hours editor (spec 03 §3 Hours, §4 Hours): a fieldset per day with open/close time
 * inputs, two rows a day without JavaScript; with it, 'Add hours' (up to the most a day holds),
 * 'Remove' of a row and 'Copy Monday to all days'. A 'No hours' box saves no hours at all. An
 * empty day is closed. Field names: `{name}.noHours`, `{name}.days.Mon[0].open` …
 */
export function HoursEditor({
  name,
  defaultValue,
  errors,
  disabled = false,
}: {
  name: string;
  defaultValue: HoursFormValue;
  errors?: WidgetErrors;
  disabled?: boolean;
}) {
  const hydrated = useHydrated();
  const id = useId();
  const [noHours, setNoHours] = useState(defaultValue.noHours);
  const [days, setDays] = useState<Days>(
    () => Object.fromEntries(HOURS_DAYS.map((day) => [day, rowsOf(defaultValue.days[day] ?? [])])) as Days,
  );
  const errorsOf = (field: string) => errors?.[field];

  const update = (day: HoursDay, change: (rows: Slot[]) => Slot[]) => setDays((current) => ({ ...current, [day]: change(current[day]) }));
  const setTime = (day: HoursDay, index: number, half: keyof Slot, value: string) =>
    update(day, (rows) => rows.map((row, i) => (i === index ? { ...row, [half]: value } : row)));
  const copyMonday = () =>
    setDays((current) => Object.fromEntries(HOURS_DAYS.map((day) => [day, current.Mon.map((row) => ({ ...row }))])) as Days);

  const noHoursId = `${id}-no-hours`;
  const daysDisabled = disabled || (hydrated && noHours);

  return (
    <div className="hours-editor" data-testid="hours-editor">
      <Flex gap="3" align="center" wrap="wrap" mb="2">
        <label className="form-check" htmlFor={noHoursId}>
          <input
            id={noHoursId}
            type="checkbox"
            name={`${name}.noHours`}
            checked={noHours}
            onChange={(event) => setNoHours(event.currentTarget.checked)}
            disabled={disabled}
          />
          <Text size="2">No hours (do not show hours for this item)</Text>
        </label>
        {hydrated ? (
          <Button type="button" size="1" variant="soft" onClick={copyMonday} disabled={daysDisabled}>
            Copy Monday to all days
          </Button>
        ) : null}
      </Flex>
      <Text as="p" size="1" color="gray" mb="2">
        Leave a day empty when it is closed. A time left empty shows as &lsquo;?&rsquo;.
      </Text>
      <ErrorList errors={errorsOf(`${name}.noHours`)} />
      <div className="hours-days">
        {HOURS_DAYS.map((day) => {
          const rows = days[day];
          const dayErrors = errorsOf(`${name}.days.${day}`);
          return (
            <fieldset
              key={day}
              className="hours-day"
              disabled={daysDisabled}
              aria-describedby={dayErrors ? `${id}-${day}-errors` : undefined}
            >
              <legend>
                <Text size="2" weight="medium">
                  {HOURS_DAY_NAMES[day]}
                </Text>
              </legend>
              {rows.map((row, index) => {
                const field = `${name}.days.${day}[${index}]`;
                const openErrors = errorsOf(`${field}.open`);
                const closeErrors = errorsOf(`${field}.close`);
                const openId = `${id}-${day}-${index}-open`;
                const closeId = `${id}-${day}-${index}-close`;
                return (
                  <div key={index} className="hours-slot">
                    <div className="hours-time">
                      <label htmlFor={openId} className="hours-time-label">
                        <Text size="1">Open</Text>
                        <span className="visually-hidden">{` ${HOURS_DAY_NAMES[day]} ${index + 1}`}</span>
                      </label>
                      <input
                        id={openId}
                        type="time"
                        name={`${field}.open`}
                        value={row.open}
                        onChange={(event) => setTime(day, index, 'open', event.currentTarget.value)}
                        className="form-control"
                        aria-invalid={openErrors ? true : undefined}
                        aria-describedby={openErrors ? `${openId}-errors` : undefined}
                      />
                      <ErrorList id={`${openId}-errors`} errors={openErrors} />
                    </div>
                    <div className="hours-time">
                      <label htmlFor={closeId} className="hours-time-label">
                        <Text size="1">Close</Text>
                        <span className="visually-hidden">{` ${HOURS_DAY_NAMES[day]} ${index + 1}`}</span>
                      </label>
                      <input
                        id={closeId}
                        type="time"
                        name={`${field}.close`}
                        value={row.close}
                        onChange={(event) => setTime(day, index, 'close', event.currentTarget.value)}
                        className="form-control"
                        aria-invalid={closeErrors ? true : undefined}
                        aria-describedby={closeErrors ? `${closeId}-errors` : undefined}
                      />
                      <ErrorList id={`${closeId}-errors`} errors={closeErrors} />
                    </div>
                    {hydrated ? (
                      <Button
                        type="button"
                        size="1"
                        variant="ghost"
                        color="gray"
                        className="hours-remove"
                        aria-label={`Remove ${HOURS_DAY_NAMES[day]} hours ${index + 1}`}
                        onClick={() => update(day, (current) => current.filter((_, i) => i !== index))}
                      >
                        Remove
                      </Button>
                    ) : null}
                  </div>
                );
              })}
              {hydrated && rows.length < MAX_HOURS_SLOTS ? (
                <Button
                  type="button"
                  size="1"
                  variant="soft"
                  onClick={() => update(day, (current) => [...current, blank()])}
                  aria-label={`Add hours on ${HOURS_DAY_NAMES[day]}`}
                >
                  Add hours
                </Button>
              ) : null}
              <ErrorList id={`${id}-${day}-errors`} errors={dayErrors} />
            </fieldset>
          );
        })}
      </div>
    </div>
  );
}
