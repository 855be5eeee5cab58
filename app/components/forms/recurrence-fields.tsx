import type { ReactNode } from 'react';
import { DateTimePicker } from '~/components/widgets/date-time-picker';
import { WeekdayChecks } from './weekday-checks';

/**
 * The fields of a recurrence, shared by the event editor and the notification form (spec 02 §3
 * validDays, §4 recurring notifications): what chooses the recurrence when the form has it
 * (`kind`), the seven weekdays `validDays[0]` … `validDays[6]`, the Last Day of Recurrence
 * (`recurrenceEndDate`, a date without time), and what a form adds after them (`children`).
 * With `testId` they are wrapped in a block of that test id.
 */
export function RecurrenceFields({
  kind,
  days,
  lastDay,
  timeZone,
  now,
  testId,
  children,
}: {
  kind?: ReactNode;
  /** The weekdays' fieldset: its id, legend, the form's value, and its errors. */
  days: { id: string; legend: string; value: unknown; errorId: string; errors?: string[] };
  /** The last day: the instant it starts from, its errors, and whether it may stay empty. */
  lastDay: { defaultValue: number | null; errors?: string[]; optional?: boolean };
  timeZone: string;
  now: number;
  testId?: string;
  children?: ReactNode;
}) {
  const fields = (
    <>
      {kind}
      <WeekdayChecks id={days.id} name="validDays" legend={days.legend} value={days.value} errorId={days.errorId} errors={days.errors} />
      <DateTimePicker
        name="recurrenceEndDate"
        label="Last Day of Recurrence"
        withTime={false}
        optional={lastDay.optional}
        defaultValue={lastDay.defaultValue}
        timeZone={timeZone}
        now={now}
        errors={lastDay.errors}
      />
      {children}
    </>
  );
  return testId ? <div data-testid={testId}>{fields}</div> : fields;
}
