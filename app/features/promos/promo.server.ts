import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect } from '@remix-run/node';
import { requireLocationAdmin, type StaffContext } from '@server/authz';
import { notFound } from '@server/http/responses';
import { parseCrop } from '@server/images/pipeline';
import { storeUploadedImage, uploadLimitRefusal } from '@server/images/uploads';
import { ADS_LIST_KEY, SPLASH_LIST_KEY } from '@server/listing';
import type { ResolvedList } from '@server/listing/resolved';
import {
  deletePromo,
  listingPages,
  newPromoKey,
  promoVersion,
  readPromo,
  savePromo,
  type PromoRecord,
  type PromoSaveAnswer,
} from '@server/promos/store';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, parseUpload, tooLargeMessage } from '@server/storage';
import { UNAVAILABLE_PARAM } from '~/components/shell/tray-types';
import { uploadUrl } from '~/components/widgets/uploader-shared';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { isValidKey } from '~/lib/db-key';
import { hrefs } from '~/lib/hrefs';
import { parseIntent } from '~/lib/intent';
import { linkedListDefinition } from '~/lib/listing/linked';
import type { ListContextDefinition } from '~/lib/listing/types';
import { currentProject } from '~/lib/project.server';
import {
  MAX_PROMO_PAGES,
  PROMO_CROP_FIELD,
  PROMO_FILE_FIELD,
  PROMO_IMAGE_SIZE,
  PROMO_TEXTS,
  PROMO_UPLOAD_BUCKET,
  type PromoKind,
} from '~/lib/promos';
import { redirectWithToast } from '~/lib/toast.server';
import { INVALID_PAGE, PromoSchema } from '~/schemas/promo';
import { getServices } from '~/services.server';
import { PromoIntent } from './intents';

/**
 * Splash screens and banner ads (spec 02 "Listing routes" context splashscreen, §7; spec 03 §6
 * Administrative tray, studio-disabled; §9 "banner ad / splash (title, url, drawable, pages)";
 * decision 042): list contexts of the listing framework with their own routes under
 * `/listnm/splashscreen` and `/listnm/ads`, read through their source adapters
 * (server/promos/store.ts), edited in the right column: title, address, image (the shared
 * uploader), pages. For admins of the community, outside the studio project (there the tray's
 * buttons open 'Feature Unavailable').
 */

const definitionOf = (kind: PromoKind): ListContextDefinition => {
  const texts = PROMO_TEXTS[kind];
  return linkedListDefinition({
    title: texts.title,
    itemName: texts.itemName,
    fields: { title: 'title', subtitle: 'url', image: 'drawable' },
    permission: 'location-admin',
    emptyMessage: texts.emptyMessage,
    loadingText: texts.loadingText,
    searchHint: 'Title or web address',
  });
};

export const PROMO_DEFINITIONS: Record<PromoKind, ListContextDefinition> = {
  splashscreen: definitionOf('splashscreen'),
  ads: definitionOf('ads'),
};

const LIST_KEYS = { splashscreen: SPLASH_LIST_KEY, ads: ADS_LIST_KEY } as const satisfies Record<PromoKind, string>;

/** Admins of the community, outside the studio project (there the home screen opens 'Feature Unavailable'). */
export async function requirePromos(request: Request, kind: PromoKind): Promise<StaffContext> {
  const staff = await requireLocationAdmin(request);
  const project = await currentProject(request);
  const feature = PROMO_TEXTS[kind].feature;
  if (project.isStudio && project.studioDisabledFeatures.includes(feature)) throw redirect(hrefs.home({ [UNAVAILABLE_PARAM]: feature }));
  return staff;
}

export async function resolvePromos(request: Request, kind: PromoKind): Promise<ResolvedList> {
  const staff = await requirePromos(request, kind);
  const definition = PROMO_DEFINITIONS[kind];
  const key = LIST_KEYS[kind];
  return {
    staff,
    key,
    definition,
    location: { family: 'listnm', context: key, tab: null, firstTab: null },
    address: { community: staff.community, definition, base: key, tab: null },
    title: definition.title,
    tabs: [],
    headerContext: key,
  };
}

/** Whether the person administers an app (a resort system admin administers every one). */
const adminOf = (staff: StaffContext) => (app: string) => staff.access.isResortSystem || staff.access.adminLocations.includes(app);

export interface PageChoice {
  key: string;
  title: string;
}

export interface PromoEditorData {
  kind: PromoKind;
  mode: 'add' | 'edit';
  key: string;
  heading: string;
  defaults: { title: string; url: string; drawable: string; pages: string[] };
  version: string | null;
  /** The pages the person may choose (splash screens: the other apps they administer; ads: the listing pages). */
  choices: PageChoice[];
  /** Splash screens: the app it is edited in (always shows it). */
  community: { key: string; title: string };
  closeHref: string;
  formAction: string;
  confirmDelete: boolean;
  upload: { accept: readonly string[]; maxBytes: number; tooLargeMessage: string; url: string };
}

export interface PromoActionData {
  result: SubmissionResult<string[]>;
  version: string | null;
  conflict?: Conflict | null;
  error?: string | null;
  confirmDelete?: boolean;
}

async function choicesOf(staff: StaffContext, kind: PromoKind, stored: PromoRecord | null): Promise<PageChoice[]> {
  if (kind === 'ads') return listingPages(await getServices(), staff.community);
  const canAdmin = adminOf(staff);
  const apps = staff.communities
    .filter((community) => community.key !== staff.community && canAdmin(community.key))
    .map((community) => ({ key: community.key, title: community.displayName || community.title || community.key }));
  // Apps the splash screen is on that the person's list does not hold (kept, shown by key).
  for (const page of stored?.pages ?? []) {
    if (page !== staff.community && !apps.some((app) => app.key === page)) apps.push({ key: page, title: page });
  }
  return apps.slice(0, MAX_PROMO_PAGES);
}

const communityOf = (staff: StaffContext) => {
  const found = staff.communities.find((community) => community.key === staff.community);
  return { key: staff.community, title: found?.displayName || found?.title || staff.community };
};

const listHref = (kind: PromoKind) => hrefs.listnm(LIST_KEYS[kind]);
const editHref = (kind: PromoKind, key: string) => hrefs.listnmItem(LIST_KEYS[kind], 'edit', key);

function uploadConfig(kind: PromoKind) {
  return { accept: IMAGE_TYPES, maxBytes: MAX_UPLOAD_BYTES, tooLargeMessage: tooLargeMessage(), url: uploadUrl(PROMO_UPLOAD_BUCKET[kind]) };
}

export async function loadPromoEditor(request: Request, kind: PromoKind, itemId: string | undefined): Promise<PromoEditorData> {
  const staff = await requirePromos(request, kind);
  const services = await getServices();
  const texts = PROMO_TEXTS[kind];
  const adding = itemId === undefined;
  let stored: PromoRecord | null = null;
  if (!adding) {
    stored = await readPromo(services, kind, staff.community, itemId);
    if (!stored) throw notFound(texts.gone);
  }
  const key = adding ? newPromoKey(services, kind, staff.community) : itemId;
  return {
    kind,
    mode: adding ? 'add' : 'edit',
    key,
    heading: adding ? texts.addLabel : `Edit ${texts.itemName}`,
    defaults: stored
      ? { title: stored.title, url: stored.url, drawable: stored.drawable, pages: stored.pages.filter((page) => page !== staff.community) }
      : { title: '', url: '', drawable: '', pages: [] },
    version: stored ? promoVersion(stored) : null,
    choices: await choicesOf(staff, kind, stored),
    community: communityOf(staff),
    closeHref: listHref(kind),
    formAction: adding ? `${hrefs.listnmAction(LIST_KEYS[kind], 'add')}?key=${encodeURIComponent(key)}` : editHref(kind, key),
    confirmDelete: new URL(request.url).searchParams.get('confirm') === 'delete',
    upload: uploadConfig(kind),
  };
}

const answer = (body: PromoActionData, status = 200) => data<PromoActionData>(body, { status });

const LABELS = { title: 'Title', url: 'Web Address', drawable: 'Image', pages: 'Pages' };

function refusalMessage(kind: PromoKind, saved: Exclude<PromoSaveAnswer, { kind: 'saved' | 'conflict' }>): string {
  switch (saved.kind) {
    case 'gone':
      return PROMO_TEXTS[kind].gone;
    case 'taken':
      return 'This item was added meanwhile; open it from the list to change it.';
    case 'invalid-pages':
      return INVALID_PAGE;
    case 'outside-rights':
      return `This splash screen is also shown by apps you do not administer (${saved.apps.join(', ')}); only an administrator of all of them can change it.`;
  }
}

/**
 * The editor's post: Upload (without JavaScript the chosen image comes with the form: it is stored
 * and its address becomes the image field's value), Save, Delete (asks first), Delete confirmed.
 */
export async function promoAction(request: Request, kind: PromoKind, itemId: string | undefined) {
  const staff = await requirePromos(request, kind);
  const services = await getServices();
  const texts = PROMO_TEXTS[kind];
  const adding = itemId === undefined;
  const key = adding ? new URL(request.url).searchParams.get('key') : itemId;
  if (!key || !isValidKey(key)) throw notFound();

  const upload = await parseUpload(request, { accept: IMAGE_TYPES, maxFiles: 1, schemas: PromoSchema });
  const formData = upload.formData;
  const file = formData.get(PROMO_FILE_FIELD);
  const crop = formData.get(PROMO_CROP_FIELD);
  formData.delete(PROMO_FILE_FIELD);
  formData.delete(PROMO_CROP_FIELD);
  const { intent } = parseIntent(formData, PromoIntent, { fallback: 'save' });
  const version = postedVersion(formData);

  if (intent === 'delete' || intent === 'delete-confirmed') {
    if (adding) throw notFound();
    if (intent === 'delete') return answer({ result: { status: 'success' }, version, confirmDelete: true });
    const deleted = await deletePromo(services, { kind, community: staff.community, key, canAdmin: adminOf(staff) });
    if (deleted.kind === 'gone') return redirectWithToast(request, listHref(kind), { kind: 'success', message: texts.gone });
    if (deleted.kind === 'outside-rights')
      return answer({ result: { status: 'error' }, version, error: refusalMessage(kind, deleted) }, 403);
    return redirectWithToast(request, listHref(kind), { kind: 'success', message: texts.deleted });
  }

  if (!upload.ok) {
    const submission = parseWithZod(formData, { schema: PromoSchema });
    return answer(
      { result: submission.reply({ fieldErrors: { drawable: [upload.error.message] } }), version },
      upload.error.code === 'too-large' ? 413 : 400,
    );
  }
  if (file instanceof File && file.size > 0) {
    try {
      const stored = await storeUploadedImage(services.storage, staff.community, file, {
        bucket: PROMO_UPLOAD_BUCKET[kind],
        crop: parseCrop(crop),
        target: PROMO_IMAGE_SIZE[kind],
      });
      formData.set('drawable', stored.croppedURL);
    } catch (error) {
      const refusal = uploadLimitRefusal(error);
      const submission = parseWithZod(formData, { schema: PromoSchema });
      const message = refusal?.message ?? 'The image could not be read. Please upload a PNG or JPEG image.';
      return answer({ result: submission.reply({ fieldErrors: { drawable: [message] } }), version }, refusal?.status ?? 400);
    }
  }

  const submission = parseWithZod(formData, { schema: PromoSchema });
  if (intent === 'upload') return answer({ result: { ...submission.reply(), error: {} }, version });
  if (submission.status !== 'success') return answer({ result: submission.reply(), version }, 400);

  const saved = await savePromo(services, {
    kind,
    community: staff.community,
    key,
    adding,
    value: submission.value,
    version,
    canAdmin: adminOf(staff),
  });
  if (saved.kind === 'saved') {
    return redirectWithToast(request, listHref(kind), { kind: 'success', message: adding ? texts.added : texts.saved });
  }
  if (saved.kind === 'conflict') {
    const theirs = saved.stored ? { ...saved.stored, pages: saved.stored.pages.join(', ') } : {};
    const posted = { ...submission.value, pages: submission.value.pages.join(', ') };
    return answer(
      {
        result: submission.reply(),
        version: saved.version,
        conflict: saved.version
          ? {
              message: conflictMessage(`The ${texts.itemName.toLowerCase()}`),
              version: saved.version,
              theirs: conflictRows(LABELS, theirs, posted),
            }
          : null,
      },
      409,
    );
  }
  const status = saved.kind === 'outside-rights' ? 403 : saved.kind === 'gone' ? 404 : saved.kind === 'taken' ? 409 : 400;
  const message = refusalMessage(kind, saved);
  return answer(
    {
      result: submission.reply(saved.kind === 'invalid-pages' ? { fieldErrors: { pages: [message] } } : { formErrors: [message] }),
      version,
    },
    status,
  );
}
