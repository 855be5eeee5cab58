import { Button, Flex, Text } from '@radix-ui/themes';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ErrorList } from '~/components/forms/error-list';
import {
  addDays,
  addMonths,
  compareDates,
  dateText,
  dateTimeFieldNames,
  defaultDateTime,
  formatDate,
  formatTime,
  monthGrid,
  MONTHS,
  parseDate,
  parseDateTimeField,
  timeOptions,
  WEEKDAYS,
  zonedParts,
  type CalendarDate,
} from '~/lib/date-time';

/**
 * The date and time picker (spec 03 §5 "Date picker", §9: week starts Sunday, MM/dd/yyyy and
 * hh:mm aa, default start time the next hour). It posts the instant in `${name}` (hidden, ms
 * since epoch) and the visible parts `${name}-date` and `${name}-time`, which the server reads
 * with `parseDateTimeField(dateTimeFormValue(form, name), timeZone)`.
 *
 * Without JavaScript the parts are plain text inputs. With JavaScript a Calendar button opens a
 * month grid (arrows move by day and week, Page Up/Down by month, Home/End to the week's ends,
 * Enter chooses, Escape closes) and the time is a select of quarter hours.
 */

export const DATE_TIME_PICKER_TEXTS = {
  date: 'Date (MM/dd/yyyy)',
  time: 'Time (hh:mm AM/PM)',
  calendar: 'Choose a date',
  previous: 'Previous month',
  next: 'Next month',
} as const;

export interface DateTimePickerProps {
  name: string;
  label: string;
  /** The stored instant; null for a new value (the next hour, or today for a date without time). */
  defaultValue: number | null;
  timeZone: string;
  withTime?: boolean;
  /** The earliest instant offered in the calendar (default now). */
  min?: number;
  errors?: string[];
  /** 'now', for tests and server renders that must agree with the browser. */
  now?: number;
  /** Without a stored value the parts start empty (an optional date) instead of the default. */
  optional?: boolean;
}

export function DateTimePicker({
  name,
  label,
  defaultValue,
  timeZone,
  withTime = true,
  min,
  errors,
  now,
  optional = false,
}: DateTimePickerProps) {
  const id = useId();
  const names = dateTimeFieldNames(name);
  const initial = defaultDateTime(defaultValue, now ?? Date.now(), timeZone, withTime);
  const blank = optional && defaultValue === null;
  const [date, setDate] = useState(blank ? '' : formatDate(initial, timeZone));
  const [time, setTime] = useState(withTime && !blank ? formatTime(initial, timeZone) : '');
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const earliest = min ?? now ?? Date.now();
  const minDay = zonedParts(earliest, timeZone);
  const chosen = parseDate(date);
  const [focused, setFocused] = useState<CalendarDate>(chosen ?? zonedParts(initial, timeZone));
  const grid = useRef<HTMLTableElement>(null);

  useEffect(() => setEnhanced(true), []);
  useEffect(() => {
    if (open) grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [open, focused]);

  const parsed = parseDateTimeField({ date, time }, timeZone, { withTime, required: false });
  const hidden = parsed.value === null ? '' : String(parsed.value);
  // A day picked in the calendar changes no field the person typed in: the form hears of the new
  // instant by an input event from the hidden field (the live previews and the unsaved-changes
  // warning listen to the form's input events).
  const hiddenRef = useRef<HTMLInputElement>(null);
  const shownHidden = useRef(hidden);
  useEffect(() => {
    if (shownHidden.current === hidden) return;
    shownHidden.current = hidden;
    hiddenRef.current?.dispatchEvent(new Event('input', { bubbles: true }));
  }, [hidden]);
  const errorId = `${id}-error`;
  const describedBy = errors?.length ? errorId : undefined;
  const options = timeOptions();
  const timeChoices = time && !options.includes(time) ? [time, ...options] : options;
  const isBeforeMin = (day: CalendarDate) => compareDates(day, minDay) < 0;

  function pick(day: CalendarDate) {
    if (isBeforeMin(day)) return;
    setDate(dateText(day));
    setFocused(day);
    setOpen(false);
  }

  function onGridKey(event: KeyboardEvent<HTMLTableElement>) {
    const moves: Record<string, () => CalendarDate> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, -1),
      PageDown: () => addMonths(focused, 1),
      Home: () => addDays(focused, -new Date(Date.UTC(focused.year, focused.month - 1, focused.day)).getUTCDay()),
      End: () => addDays(focused, 6 - new Date(Date.UTC(focused.year, focused.month - 1, focused.day)).getUTCDay()),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setFocused(move());
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(focused);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <fieldset className="date-time-picker" aria-describedby={describedBy} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend>
        <Text size="2" weight="medium">
          {label}
        </Text>
      </legend>
      <input ref={hiddenRef} type="hidden" name={names.value} value={hidden} />
      <div className="date-time-parts">
        <Flex direction="column" gap="1">
          <Text as="label" size="1" color="gray" htmlFor={`${id}-date`}>
            {DATE_TIME_PICKER_TEXTS.date}
          </Text>
          <Flex gap="2">
            <input
              id={`${id}-date`}
              name={names.date}
              className="form-control"
              value={date}
              placeholder="MM/dd/yyyy"
              inputMode="numeric"
              autoComplete="off"
              size={11}
              maxLength={40}
              aria-invalid={errors?.length ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => {
                setDate(event.currentTarget.value);
                const day = parseDate(event.currentTarget.value);
                if (day) setFocused(day);
              }}
            />
            {enhanced ? (
              <Button type="button" variant="soft" aria-expanded={open} aria-controls={`${id}-calendar`} onClick={() => setOpen(!open)}>
                {DATE_TIME_PICKER_TEXTS.calendar}
              </Button>
            ) : null}
          </Flex>
        </Flex>
        {withTime ? (
          <Flex direction="column" gap="1">
            <Text as="label" size="1" color="gray" htmlFor={`${id}-time`}>
              {DATE_TIME_PICKER_TEXTS.time}
            </Text>
            {enhanced ? (
              <select
                id={`${id}-time`}
                name={names.time}
                className="form-control"
                value={time}
                aria-invalid={errors?.length ? true : undefined}
                aria-describedby={describedBy}
                onChange={(event) => setTime(event.currentTarget.value)}
              >
                <option value="">—</option>
                {timeChoices.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${id}-time`}
                name={names.time}
                className="form-control"
                value={time}
                placeholder="hh:mm AM"
                autoComplete="off"
                size={9}
                maxLength={40}
                aria-invalid={errors?.length ? true : undefined}
                aria-describedby={describedBy}
                onChange={(event) => setTime(event.currentTarget.value)}
              />
            )}
          </Flex>
        ) : null}
      </div>
      {enhanced && open ? (
        <div
          id={`${id}-calendar`}
          className="date-time-calendar"
          role="dialog"
          aria-modal="false"
          aria-label={DATE_TIME_PICKER_TEXTS.calendar}
        >
          <Flex justify="between" align="center" mb="2" gap="2">
            <Button
              type="button"
              variant="ghost"
              aria-label={DATE_TIME_PICKER_TEXTS.previous}
              onClick={() => setFocused(addMonths(focused, -1))}
            >
              ‹
            </Button>
            <Text size="2" weight="bold" aria-live="polite" id={`${id}-month`}>
              {MONTHS[focused.month - 1]} {focused.year}
            </Text>
            <Button
              type="button"
              variant="ghost"
              aria-label={DATE_TIME_PICKER_TEXTS.next}
              onClick={() => setFocused(addMonths(focused, 1))}
            >
              ›
            </Button>
          </Flex>
          <table ref={grid} role="grid" aria-labelledby={`${id}-month`} onKeyDown={onGridKey}>
            <thead>
              <tr>
                {WEEKDAYS.map((weekday) => (
                  <th key={weekday} scope="col" abbr={weekday}>
                    <Text size="1" color="gray">
                      {weekday.slice(0, 2)}
                    </Text>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthGrid(focused.year, focused.month).map((week, row) => (
                <tr key={row}>
                  {week.map((day, column) =>
                    day ? (
                      <td key={column}>
                        <button
                          type="button"
                          className="date-time-day"
                          tabIndex={compareDates(day, focused) === 0 ? 0 : -1}
                          aria-pressed={chosen !== null && compareDates(day, chosen) === 0}
                          aria-label={`${WEEKDAYS[new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay()]}, ${MONTHS[day.month - 1]} ${day.day}, ${day.year}`}
                          disabled={isBeforeMin(day)}
                          onClick={() => pick(day)}
                        >
                          {day.day}
                        </button>
                      </td>
                    ) : (
                      <td key={column} />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
