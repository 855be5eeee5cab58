import type { SubmissionResult } from '@conform-to/react';
import { businessFormValue, postedPreviewFields, type BusinessFormValue } from '~/lib/business';
import { previewModel, type PreviewModel, type PreviewSource } from '~/lib/business-preview';
import { conflictMessage, conflictRows, type Conflict } from '~/lib/conflict';
import { hoursRecord } from '~/lib/hours';
import type { BusinessFormOutput } from '~/schemas/business';
import type { BusinessEditorActionData, EditorAnswer } from './types';

/** The editor's form again, with this status: every answer that shows the form goes through here. */
export function editorReply(body: BusinessEditorActionData, status: number): EditorAnswer {
  return { kind: 'form', status, body };
}

/** Stored fields the form does not edit but the preview shows. */
export function storedPreviewExtras(stored: Record<string, unknown> | null): Pick<PreviewSource, 'allowFavorite' | 'detailButtons'> {
  return { allowFavorite: stored?.allowFavorite === true, detailButtons: Array.isArray(stored?.detailButtons) ? stored.detailButtons : [] };
}

/** The preview of a post (valid or not): what was typed, over the stored fields the form does not show. */
export function previewOfPost(
  formData: FormData,
  stored: Record<string, unknown> | null,
  output: BusinessFormOutput | null,
  admin: boolean,
): PreviewModel {
  return previewModel({
    ...storedPreviewExtras(stored),
    ...(admin ? { allowFavorite: formData.get('remote.allowFavorite') === 'on' } : {}),
    ...postedPreviewFields(formData),
    hours: output ? hoursRecord(output.hours) : stored?.hours,
  });
}

const CONFLICT_LABELS = {
  title: 'Title',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  coordinates: 'Latitude, Longitude',
  description: 'Description',
  phone: 'Phone',
  website: 'Website',
  menu: 'Menu',
  hours: 'Hours',
} as const;

/** Form values as the conflict notice compares and shows them. */
function comparable(value: BusinessFormValue): Record<string, unknown> {
  return {
    ...value,
    address: value.location.address,
    city: value.location.city,
    state: value.location.state,
    zip: value.location.zip,
    coordinates: value.location.latitude || value.location.longitude ? `${value.location.latitude}, ${value.location.longitude}` : '',
    hours: JSON.stringify(value.hours),
  };
}

/** Whether two records show the same in the form (a post answered twice: the first one saved it). */
export function sameAsShown(community: string, one: Record<string, unknown>, other: Record<string, unknown>): boolean {
  const shown = (value: Record<string, unknown>) => comparable(businessFormValue(value, community));
  return conflictRows(CONFLICT_LABELS, shown(one), shown(other)).length === 0;
}

/** Someone else saved the listing meanwhile: nothing written, their values beside the form as typed, and the version Save now replaces. */
export function conflictReply(
  result: SubmissionResult<string[]>,
  community: string,
  theirs: { stored: Record<string, unknown>; version: string },
  mine: Record<string, unknown>,
  preview: PreviewModel,
): EditorAnswer {
  const conflict: Conflict = {
    message: conflictMessage('This listing'),
    version: theirs.version,
    theirs: conflictRows(
      CONFLICT_LABELS,
      comparable(businessFormValue(theirs.stored, community)),
      comparable(businessFormValue(mine, community)),
    ),
  };
  return editorReply({ result, version: theirs.version, conflict, openSection: 'title-location', formError: null, preview }, 409);
}
