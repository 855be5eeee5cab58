import type { FieldMetadata } from '@conform-to/react';
import type { ReactNode } from 'react';
import { ErrorList } from './error-list';

/**
 * A list of checkboxes posting one field several times (`{name}=a&{name}=b`): the listing icons
 * and the Associated Listing Sections of the business editor, the calendars of the event editor.
 * Ticked: what the refused post held, else the form's initial value. An option may be the
 * item's own place, shown ticked and disabled and not posted.
 */

/** The values a group's field holds: the posted ones after a refused post, else the initial ones. */
export function checkedValues<Schema>(field: FieldMetadata<Schema>): Set<string> {
  const initial = Array.isArray(field.initialValue) ? (field.initialValue as unknown[]).map(String) : [];
  const posted = Array.isArray(field.value)
    ? (field.value as unknown[]).map(String)
    : typeof field.value === 'string'
      ? [field.value]
      : null;
  return new Set(posted ?? initial);
}

export interface CheckboxGroupOption {
  value: string;
  /** Filtered out of view (still posted when ticked). */
  hidden?: boolean;
  /** The item's own place: ticked, disabled, not posted. */
  own?: boolean;
}

export function CheckboxGroupField<Schema, Option extends CheckboxGroupOption>({
  field,
  legend,
  intro,
  listClassName,
  options,
  renderOption,
}: {
  field: FieldMetadata<Schema>;
  legend: ReactNode;
  /** Between the legend and the list: a hint, a filter. */
  intro?: ReactNode;
  listClassName: string;
  options: readonly Option[];
  /** The option's label, around its checkbox. */
  renderOption: (option: Option, checkbox: ReactNode) => ReactNode;
}) {
  const checked = checkedValues(field);
  return (
    <fieldset className="form-row" id={field.id}>
      <legend>{legend}</legend>
      {intro}
      <ul className={listClassName}>
        {options.map((option) => (
          <li key={option.value} hidden={option.hidden}>
            {renderOption(
              option,
              option.own ? (
                <input type="checkbox" checked disabled readOnly />
              ) : (
                <input type="checkbox" name={field.name} value={option.value} defaultChecked={checked.has(option.value)} />
              ),
            )}
          </li>
        ))}
      </ul>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
