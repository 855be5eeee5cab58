import { WEEKDAYS_MONDAY_FIRST } from '~/schemas/event';
import { ErrorList } from './error-list';

/**
 * Seven weekday checkboxes, Monday first, posting `{name}[0]` … `{name}[6]` (the recurrences of
 * events and of notifications, spec 02 §3 validDays). `value` is the form's value: 'on' or true
 * for a ticked day.
 */
export function WeekdayChecks({
  id,
  name,
  legend,
  value,
  errorId,
  errors,
}: {
  id: string;
  name: string;
  legend: string;
  value: unknown;
  errorId: string;
  errors?: string[];
}) {
  return (
    <fieldset className="form-row" id={id}>
      <legend>{legend}</legend>
      <div className="weekday-checks">
        {WEEKDAYS_MONDAY_FIRST.map((day, index) => {
          const ticked = Array.isArray(value) ? value[index] === 'on' || value[index] === true : false;
          return (
            <label key={day} className="form-check">
              <input type="checkbox" name={`${name}[${index}]`} defaultChecked={ticked} />
              {day}
            </label>
          );
        })}
      </div>
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
