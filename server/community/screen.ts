import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { StaffContext } from '@server/authz';
import type { DbValue } from '@server/db/types';
import { allFeedsRebuildUpdates } from '@server/events/feed/rebuild';
import { qrImages, type QrImages } from '@server/qr';
import { defaultMainMenu } from '~/lib/catalogues/default-menus';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { type IconColors, PREVIEW_SAMPLE_BACKGROUND_COLOR, PREVIEW_SAMPLE_SHAPE_COLOR } from '~/lib/icons/colors';
import { iconSetChoices } from '~/lib/icons/icon-sets';
import { renderMenuIcon, svgDataUri } from '~/lib/icons/render';
import { timeZoneOptionsWith } from '~/lib/timezones';
import {
  COLOR_FIELDS,
  COLOR_LABELS,
  CommunitySchema,
  INVALID_LOCATION,
  SVG_ICON_SETS,
  isSvgIconSet,
  type AddCommunityIntentValue,
  type CommunitySetupIntentValue,
} from '~/schemas/community';
import { descriptionFields } from './description';
import { communityFormValue, type CommunityFormValue, type CommunityRecord } from './form';
import {
  generateColors,
  iconColorsUpdate,
  iconConversionUpdate,
  menuColorsFromForm,
  needsIconConversion,
  randomModeChanged,
  readMainMenu,
  type MainMenuEntry,
} from './icons';
import {
  PULL_COLORS_FAILED,
  addCommunity,
  communityVersion,
  pulledColorsMessage,
  qrTarget,
  readCommunity,
  readPullColors,
  saveCommunity,
  showsHomeScreenImage,
  type CommunityDeps,
} from './setup';
import { timeZoneAt } from './timezone';

/**
 * The community setup screen (spec 01 §2.7, §4.4) and Add Community, as the two routes use
 * them: what the form shows, and what each of its buttons does. The routes check permissions,
 * read the intent and turn an answer into a response (a redirect with a toast, or the form again).
 *
 * Who may do what: any staff member of the community edits its setup (spec 03 §6, Quick
 * Access is open to all signed-in staff); only resort system admins set listed, business-only
 * and in-progress (spec 01 §5, §6), which the form hides from others and the save ignores.
 */

export type SetupMode = 'community-setup' | 'add-community';

export interface CommunitySetupData {
  mode: SetupMode;
  communityKey: string | null;
  defaultValue: CommunityFormValue;
  /** Resort system admins see listed, business-only and in-progress (spec 01 §5). */
  canSetListing: boolean;
  isBusinessOnly: boolean;
  /** Listed, or a studio key: the Home Screen Image field shows. */
  showHomeScreenImage: boolean;
  qr: QrImages | null;
  timeZones: readonly string[];
  /** The icon sets offered, with their names. */
  iconSets: ReadonlyArray<{ value: string; label: string }>;
  /** Other communities the person may edit, to pull colours from. */
  pullSources: Array<{ key: string; title: string }>;
  /** Community setup: the version of the record as shown (app/lib/conflict.ts); null when adding. */
  version: string | null;
}

/** A confirmation step the action answers with (spec 01 §4.4); rendered as a PageDialog. */
export type SetupConfirm =
  | { kind: 'convert-icons' }
  | {
      kind: 'select-menu-type';
      /** The preview of the chosen modes in the sample colours (#173972 / #8F8F10). */
      sample: string;
      items: Array<{ index: string; title: string; preview: string } & IconColors>;
    };

/** The form again: as typed (or with a step's answer filled in), with errors, a confirmation or a notice. */
export interface SetupFormAnswer {
  kind: 'form';
  status: number;
  result: SubmissionResult<string[]>;
  /** The zone the time zone lookup found. */
  lookedUp: string | null;
  confirm?: SetupConfirm | null;
  /** Pull Colors filled the colour fields: the spec's message, and an id per pull (the form shows the new values). */
  pulled?: { id: string; message: string } | null;
  /** A step that failed with one of the spec's toasts (Pull Colors). */
  notice?: string | null;
  /** The version the form holds: the one it was posted with, or the stored one after a conflict. */
  version?: string | null;
  /** Someone else saved the community meanwhile: their values, and the version Save now replaces. */
  conflict?: Conflict | null;
}

export type SetupAnswer = SetupFormAnswer | { kind: 'saved' } | { kind: 'added'; key: string; title: string };

const EMPTY_RECORD: CommunityRecord = {};

/** Row insertion and removal in the two lists, and validation, are answered; anything else is a bad request. */
const LIST_INTENT = '__intent__';
const LIST_NAMES = ['socialMedia', 'detailButtons'];

function isListIntent(intent: unknown): boolean {
  if (typeof intent !== 'object' || intent === null) return false;
  const { type, payload } = intent as { type?: unknown; payload?: { name?: unknown } };
  if (type === 'validate') return true;
  return (type === 'insert' || type === 'remove') && LIST_NAMES.includes(String(payload?.name));
}

const badRequest = () =>
  new Response("The form's list button could not be read. Reload the page and try again.", {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });

export async function loadSetupScreen(deps: CommunityDeps, staff: StaffContext, mode: SetupMode): Promise<CommunitySetupData> {
  const adding = mode === 'add-community';
  const record = adding ? EMPTY_RECORD : ((await readCommunity(deps, staff.community)) ?? EMPTY_RECORD);
  const defaultValue = communityFormValue(record);
  const isBusinessOnly = !adding && defaultValue.isBusinessOnly;
  const target = adding || isBusinessOnly ? null : qrTarget(record);
  const iconSets: string[] = [...SVG_ICON_SETS];
  if (defaultValue.iconSet && !iconSets.includes(defaultValue.iconSet)) iconSets.unshift(defaultValue.iconSet);
  return {
    mode,
    communityKey: adding ? null : staff.community,
    defaultValue,
    canSetListing: staff.access.isResortSystem,
    isBusinessOnly,
    showHomeScreenImage: !adding && showsHomeScreenImage(staff.community, record),
    qr: target ? await qrImages(target) : null,
    timeZones: timeZoneOptionsWith(defaultValue.timeZone),
    iconSets: iconSetChoices(iconSets),
    pullSources: adding
      ? []
      : staff.communities.filter((community) => community.key !== staff.community).map(({ key, title }) => ({ key, title })),
    version: adding ? null : communityVersion(record),
  };
}

/**
 * Spec 01 §4.4: the zone follows the position. Without JavaScript the server does it before
 * validation: a zone left as stored follows coordinates that moved, and an empty zone is filled
 * from coordinates that moved (or, adding, were given). A zone the person cleared while the
 * position stayed is not refilled: the form says 'Timezone is required.' (spec 01 §5), as it
 * does with JavaScript.
 */
export function deriveTimeZone(formData: FormData, stored: CommunityRecord): void {
  const zone = String(formData.get('timeZone') ?? '').trim();
  const lat = String(formData.get('latitude') ?? '').trim();
  const lng = String(formData.get('longitude') ?? '').trim();
  const moved = lat !== String(stored.latitude ?? '') || lng !== String(stored.longitude ?? '');
  if (!moved) return;
  if (zone !== '' && zone !== stored.timeZone) return;
  const derived = timeZoneAt(lat, lng);
  if (derived) formData.set('timeZone', derived);
}

function menuTypeConfirm(
  menu: readonly MainMenuEntry[],
  colors: ReadonlyArray<{ index: string } & IconColors>,
  iconSet: string | undefined,
  modes: { randomShape: boolean; randomBackground: boolean; base: Partial<IconColors> },
): SetupConfirm {
  const sample = renderMenuIcon({
    iconSet,
    glyph: 'calendar',
    colorIconShape: modes.randomShape ? PREVIEW_SAMPLE_SHAPE_COLOR : modes.base.colorIconShape,
    colorIconBackground: modes.randomBackground ? PREVIEW_SAMPLE_BACKGROUND_COLOR : modes.base.colorIconBackground,
    size: 48,
  });
  return {
    kind: 'select-menu-type',
    sample: svgDataUri(sample),
    items: menu.map((item) => {
      const chosen = colors.find((c) => c.index === item.index) ?? { index: item.index, ...item.colors };
      return {
        index: item.index,
        title: item.title,
        colorIconShape: chosen.colorIconShape,
        colorIconBackground: chosen.colorIconBackground,
        preview: svgDataUri(renderMenuIcon({ iconSet, glyph: item.glyph, ...chosen, size: 40 })),
      };
    }),
  };
}

const form = (result: SubmissionResult<string[]>, extra: Partial<SetupFormAnswer> = {}, status = 200): SetupFormAnswer => ({
  kind: 'form',
  status,
  result,
  lookedUp: null,
  ...extra,
});

/** Add row / Remove row without JavaScript (conform's list intents): the form again, as typed, with the row added or removed. */
function answerListIntent(formData: FormData): SetupFormAnswer {
  let result: SubmissionResult<string[]>;
  try {
    result = parseWithZod(formData, { schema: CommunitySchema }).reply();
  } catch {
    throw badRequest();
  }
  if (!isListIntent(result.intent)) throw badRequest();
  return form(result);
}

/** Without JavaScript: the zone from the coordinates, and the form again. */
function answerTimeZoneLookup(formData: FormData): SetupFormAnswer {
  const zone = timeZoneAt(String(formData.get('latitude') ?? '').trim(), String(formData.get('longitude') ?? '').trim());
  if (zone) formData.set('timeZone', zone);
  const submission = parseWithZod(formData, { schema: CommunitySchema });
  const reply = zone ? submission.reply() : submission.reply({ fieldErrors: { latitude: [INVALID_LOCATION] } });
  return form(reply, { lookedUp: zone }, zone ? 200 : 400);
}

/**
 * Pull Colors (spec 01 §4.4): the chosen community's colours (and random-colour modes) go into
 * the form, which comes back with everything else as typed; Submit saves them with the rest.
 * Nothing is written here, so an unsaved edit is neither lost nor half saved.
 */
async function answerPullColors(deps: CommunityDeps, staff: StaffContext, formData: FormData, sourceKey: string) {
  const pulled = await readPullColors(
    deps,
    staff.community,
    sourceKey,
    staff.communities.map((community) => community.key),
  );
  if (pulled.ok) {
    for (const field of COLOR_FIELDS) {
      const value = pulled.colors[field];
      if (value) formData.set(field, value);
    }
    for (const field of ['colorIconShapeRandom', 'colorIconBackgroundRandom'] as const) {
      const value = pulled.colors[field];
      if (value === true) formData.set(field, 'on');
      if (value === false) formData.delete(field);
    }
  }
  const reply = parseWithZod(formData, { schema: CommunitySchema }).reply();
  // A step, not a save: the form shows no validation errors for it.
  const result = { ...reply, error: {} };
  return pulled.ok
    ? form(result, { pulled: { id: crypto.randomUUID(), message: pulledColorsMessage(pulled.title) } })
    : form(result, { notice: PULL_COLORS_FAILED }, 400);
}

/** The labels of the fields a conflict lists (the form's own labels). */
function conflictLabels(canSetListing: boolean, drawableShown: boolean, businessOnly: boolean): Record<string, string> {
  return {
    title: 'Title',
    name: 'Name',
    displayName: 'Display Name',
    appName: 'App Name',
    description: 'Description',
    address: 'Address',
    city: 'City',
    state: 'State',
    zip: 'Zip',
    latitude: 'Latitude',
    longitude: 'Longitude',
    timeZone: 'Time Zone',
    phone: 'Phone',
    website: 'Website',
    reservationURL: 'Reservation URL',
    regulationsURL: 'Regulations URL',
    communityType: 'Community Type',
    ...(drawableShown ? { drawable: 'Home Screen Image' } : {}),
    ...(canSetListing ? { listed: 'Listed', isBusinessOnly: 'Business Only', inProgress: 'In Progress' } : {}),
    ...COLOR_LABELS,
    colorIconShapeRandom: 'Random Icon Shape Colors',
    colorIconBackgroundRandom: 'Random Icon Background Colors',
    iconSet: 'Icon Set',
    ...(businessOnly ? { detailButtons: 'Additional Buttons' } : { socialMedia: 'Social Media' }),
  };
}

/** Form values as the conflict notice compares and shows them (the description as plain text). */
function comparable(value: Record<string, unknown>): Record<string, unknown> {
  const html = typeof value.htmlDescription === 'string' ? value.htmlDescription : '';
  return { ...value, description: descriptionFields(html).description ?? '' };
}

/** Posts of the community setup form (the community in the session). */
export async function answerCommunitySetup(
  deps: CommunityDeps,
  staff: StaffContext,
  intent: CommunitySetupIntentValue,
  formData: FormData,
): Promise<SetupAnswer> {
  // Every answer that shows the form again keeps the version it was posted with (the
  // confirmations, Pull Colors and row changes are steps on the way to one Save).
  const version = postedVersion(formData);
  const answer = await answerSetupPost(deps, staff, intent, formData, version);
  if (answer.kind === 'form' && answer.version === undefined) answer.version = version;
  return answer;
}

async function answerSetupPost(
  deps: CommunityDeps,
  staff: StaffContext,
  intent: CommunitySetupIntentValue,
  formData: FormData,
  version: string | null,
): Promise<SetupAnswer> {
  if (formData.has(LIST_INTENT) || intent.intent === 'list') return answerListIntent(formData);
  if (intent.intent === 'lookup-timezone') return answerTimeZoneLookup(formData);
  if (intent.intent === 'pull-colors') return answerPullColors(deps, staff, formData, intent.sourceKey);

  const stored = (await readCommunity(deps, staff.community)) ?? {};
  deriveTimeZone(formData, stored);
  const submission = parseWithZod(formData, { schema: CommunitySchema });
  if (submission.status !== 'success') return form(submission.reply(), {}, 400);
  // Cancel of a confirmation: the form again, as typed.
  if (intent.intent === 'cancel-confirm') return form(submission.reply(), { confirm: null });

  const value = submission.value;
  const canSetListing = staff.access.isResortSystem;
  const listed = canSetListing ? value.listed : stored.listed === true;
  const options = {
    canSetListing,
    businessOnly: stored.isBusinessOnly === true,
    storedButtons: stored.detailButtons,
    drawableShown: showsHomeScreenImage(staff.community, stored, stored.listed === true || listed),
  };

  let extra: Record<string, DbValue> = {};
  const storedSet = typeof stored.iconSet === 'string' ? stored.iconSet : '';
  const regenerate = intent.intent === 'regenerate-item' ? intent.argument : null;
  if (value.iconSet && value.iconSet !== storedSet && needsIconConversion(storedSet, value.iconSet)) {
    // 'Convert Icons' (spec 01 §4.4): irreversible, so it is confirmed first.
    if (intent.intent !== 'convert-icons') return form(submission.reply(), { confirm: { kind: 'convert-icons' } });
    const menu = await readMainMenu(deps, staff.community, stored);
    const conversion = iconConversionUpdate(deps, staff.community, storedSet, value.iconSet, menu);
    extra = conversion.update;
    if (conversion.randomColors) value.colorIconBackgroundRandom = true;
  } else if (value.iconSet && value.iconSet !== storedSet && !isSvgIconSet(value.iconSet)) {
    // Only svg sets are offered besides the stored one: anything else keeps the stored set.
    value.iconSet = storedSet || undefined;
  } else if (randomModeChanged(stored, value.colorIconShapeRandom, value.colorIconBackgroundRandom)) {
    // 'Select Menu Type' (spec 01 §4.4): new icon colours per main-menu item, previewed first.
    const menu = await readMainMenu(deps, staff.community, stored);
    const modes = {
      randomShape: value.colorIconShapeRandom,
      randomBackground: value.colorIconBackgroundRandom,
      base: { colorIconShape: value.colorIconShape, colorIconBackground: value.colorIconBackground },
    };
    if (intent.intent === 'apply-colors') {
      extra = iconColorsUpdate(deps, staff.community, menuColorsFromForm(formData, menu));
    } else {
      const current =
        intent.intent === 'save'
          ? menu.map((item) => ({ index: item.index, ...generateColors(modes) }))
          : menuColorsFromForm(formData, menu);
      const colors = current.map((item) => (item.index === regenerate ? { index: item.index, ...generateColors(modes) } : item));
      return form(submission.reply(), { confirm: menuTypeConfirm(menu, colors, value.iconSet, modes) });
    }
  }

  // A new time zone changes every local time of the community's iCal feeds: they are rebuilt.
  if ((value.timeZone ?? '') !== (typeof stored.timeZone === 'string' ? stored.timeZone : '')) {
    extra = { ...extra, ...(await allFeedsRebuildUpdates(deps, staff.community, Date.now())) };
  }
  const saved = await saveCommunity(deps, staff.community, value, options, extra, version);
  if (!saved.ok) {
    // Nothing written: the form as typed, their values beside it, and the version Save now replaces.
    const theirs = comparable({ ...communityFormValue(saved.conflict.record) });
    const conflict: Conflict = {
      message: conflictMessage("This community's information"),
      version: saved.conflict.version,
      theirs: conflictRows(
        conflictLabels(canSetListing, options.drawableShown, options.businessOnly),
        theirs,
        comparable({ ...value, latitude: value.latitude ?? '', longitude: value.longitude ?? '' }),
      ),
    };
    return form(submission.reply(), { conflict, version: conflict.version, confirm: null }, 409);
  }
  return { kind: 'saved' };
}

/** Posts of the Add Community form. */
export async function answerAddCommunity(
  deps: CommunityDeps,
  staff: StaffContext,
  intent: AddCommunityIntentValue,
  formData: FormData,
): Promise<SetupAnswer> {
  if (formData.has(LIST_INTENT) || intent.intent === 'list') return answerListIntent(formData);
  if (intent.intent === 'lookup-timezone') return answerTimeZoneLookup(formData);

  deriveTimeZone(formData, {});
  const submission = parseWithZod(formData, { schema: CommunitySchema });
  if (submission.status !== 'success') return form(submission.reply(), {}, 400);
  const value = submission.value;
  const canSetListing = staff.access.isResortSystem;
  if (!isSvgIconSet(value.iconSet)) value.iconSet = 'svg_round';
  // The default main menu of its kind, in its icon set and colours (app/lib/catalogues).
  const mainMenu = defaultMainMenu(value.communityType, {
    iconSet: value.iconSet,
    colorIconShape: value.colorIconShape,
    colorIconBackground: value.colorIconBackground,
    colorIconShapeRandom: value.colorIconShapeRandom,
    colorIconBackgroundRandom: value.colorIconBackgroundRandom,
  }) as unknown as DbValue[];
  const result = await addCommunity(deps, value, { canSetListing, businessOnly: false, drawableShown: false, mainMenu });
  if (!result.ok) return form(submission.reply({ fieldErrors: { title: [result.message] } }), {}, 400);
  return { kind: 'added', key: result.key, title: value.title };
}
