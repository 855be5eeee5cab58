import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { applyPlaceChoice, searchPlaces } from '@server/places/location';
import { PlacesError, placeSearchErrorMessage, placesProvider } from '@server/providers/places';
import { remoteRequestSchema, requestRemoteUpdate } from '@server/remote/management';
import { postedVersion } from '~/lib/conflict';
import type { LocationFormValue } from '~/lib/location';
import { PLACE_QUERY_FIELD } from '~/schemas/business';
import { editorReply, previewOfPost } from './reply';
import { editorSchema } from './target';
import type { BusinessEditorActionData, EditorAnswer, Target } from './types';

/** The business form's own answer while only the Update Permissions form was posted: nothing, no errors. */
const UNTOUCHED: SubmissionResult<string[]> = { status: undefined, initialValue: null, error: {} };

/**
 * The place search of Title/Location (spec 03 §7: autocomplete within 10000 m of the community):
 * `place-search` lists the places matching the query; `place-choice:{placeId}` fills the
 * location fields from the place's details. Neither saves: the form comes back as typed, with
 * the chosen place's address and position.
 */
export async function answerPlaceStep(target: Target, formData: FormData, placeId: string | null): Promise<EditorAnswer> {
  const { services, community, stored } = target;
  const deps = { db: services.db, paths: services.paths, places: placesProvider(services.env) };
  const query = String(formData.get(PLACE_QUERY_FIELD) ?? '').slice(0, 300);
  let placeSearch: BusinessEditorActionData['placeSearch'] = null;
  let status = 200;
  if (placeId === null) {
    placeSearch = { query, ...(await searchPlaces(deps, community, query)) };
  } else {
    const text = (name: string) => String(formData.get(`location.${name}`) ?? '');
    const current: LocationFormValue = {
      noLocation: formData.get('location.noLocation') === 'on',
      title: String(formData.get('title') ?? ''),
      address: text('address'),
      city: text('city'),
      state: text('state'),
      zip: text('zip'),
      latitude: text('latitude'),
      longitude: text('longitude'),
      placeId: text('placeId'),
    };
    try {
      // The item's title is its own field: a place fills the location, never the title.
      const location = await applyPlaceChoice(deps, placeId, current);
      for (const name of ['address', 'city', 'state', 'zip', 'latitude', 'longitude', 'placeId'] as const) {
        formData.set(`location.${name}`, location[name]);
      }
      formData.delete('location.noLocation');
    } catch (error) {
      status = error instanceof PlacesError && error.kind === 'invalid-request' ? 400 : 502;
      placeSearch = { query, suggestions: [], offline: deps.places.offline, error: placeSearchErrorMessage(error) };
    }
  }
  const submission = parseWithZod(formData, { schema: editorSchema(target) });
  const output = submission.status === 'success' ? submission.value : null;
  return editorReply(
    {
      result: { ...submission.reply(), error: {} },
      version: postedVersion(formData),
      conflict: null,
      openSection: 'title-location',
      formError: null,
      preview: previewOfPost(formData, stored, output, target.rights.remoteAdmin),
      placeSearch,
    },
    status,
  );
}

/** A remote manager's 'Update Permissions' request (spec 03 §6): sent to the administrators, then 'Save Complete'. */
export async function answerRemoteRequest(target: Target, formData: FormData): Promise<EditorAnswer> {
  if (target.mode !== 'remote') throw new Response('This form cannot do "request-update". Reload the page and try again.', { status: 400 });
  const submission = parseWithZod(formData, { schema: remoteRequestSchema });
  if (submission.status !== 'success') {
    return editorReply(
      {
        result: UNTOUCHED,
        version: null,
        conflict: null,
        openSection: 'title-location',
        formError: null,
        preview: null,
        requestResult: submission.reply(),
      },
      400,
    );
  }
  await requestRemoteUpdate(target.services, {
    grant: target.remote.grant,
    item: target.remote.item,
    request: submission.value,
    origin: target.origin,
    user: target.remote.user,
  });
  return { kind: 'requested' };
}
