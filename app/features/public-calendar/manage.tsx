import { Form, useActionData } from '@remix-run/react';
import { FORM_COMMUNITY_FIELD } from '~/lib/form-community';
import type { AudiencesActionData, AudiencesData, PublicDeleteData } from './manage.server';

/**
 * The public calendar's staff pages: the delete confirmation (spec 03 §8 'Delete Event' /
 * 'Delete Recurrence', Cancel / Delete Recurrence / Delete Event; 'Delete Imported Event', Cancel /
 * Delete Forever / Delete, Allow Future Imports) and the audience list. Plain
 * forms that post; Cancel is a link back.
 */

export function PublicDeletePage({ data }: { data: PublicDeleteData }) {
  return (
    <div className="pc pc-manage-page">
      <main className="pc-main">
        <h1 className="pc-heading-plain">{data.dialogTitle}</h1>
        <p>
          <strong>{data.title}</strong>
        </p>
        <p>{data.dialogText}</p>
        <Form method="post" className="pc-manage-form">
          <input type="hidden" name={FORM_COMMUNITY_FIELD} value={data.community} />
          <a className="pc-button" href={data.eventHref}>
            Cancel
          </a>
          {data.recurring ? (
            <button className="pc-button pc-danger" type="submit" name="intent" value="delete-recurrence">
              Delete Recurrence
            </button>
          ) : null}
          {data.imported ? (
            <button className="pc-button pc-danger" type="submit" name="intent" value="delete-forever">
              Delete Forever
            </button>
          ) : null}
          <button className="pc-button pc-danger" type="submit" name="intent" value="delete-event">
            {data.recurring ? 'Delete Event' : data.imported ? 'Delete, Allow Future Imports' : 'Delete'}
          </button>
        </Form>
      </main>
    </div>
  );
}

export function AudiencesPage({ data }: { data: AudiencesData }) {
  const action = useActionData<AudiencesActionData>();
  const value = action?.value ?? data.audiences.join('\n');
  return (
    <div className="pc pc-manage-page">
      <main className="pc-main">
        <p className="pc-back">
          <a href={data.calendarHref}>
            <span aria-hidden="true">‹ </span>Back to the calendar
          </a>
        </p>
        <h1 className="pc-heading-plain">Audiences of {data.communityName}</h1>
        <Form method="post" className="pc-audiences-form">
          <input type="hidden" name={FORM_COMMUNITY_FIELD} value={data.community} />
          <label htmlFor="pc-audiences">Audiences, one per line</label>
          <textarea
            id="pc-audiences"
            name="audiences"
            rows={8}
            defaultValue={value}
            key={value}
            aria-invalid={action ? true : undefined}
            aria-describedby={action ? 'pc-audiences-error' : undefined}
          />
          {action ? (
            <p id="pc-audiences-error" className="pc-error" role="alert">
              {action.message}
            </p>
          ) : null}
          <button className="pc-button pc-primary-button" type="submit" name="intent" value="save">
            Save
          </button>
        </Form>
      </main>
    </div>
  );
}
