import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { readSession } from '@server/auth/session';
import { forbidden, isLocationAdmin, requireStaff, requireSystemAdmin, type StaffContext } from '@server/authz';
import { communityFormValue, type CommunityFormValue } from '@server/community/form';
import {
  generateColors,
  iconColorsUpdate,
  iconConversionUpdate,
  menuColorsFromForm,
  needsIconConversion,
  randomModeChanged,
  readMainMenu,
  type MainMenuEntry,
} from '@server/community/icons';
import {
  COMMUNITY_SAVED,
  PULL_COLORS_FAILED,
  addCommunity,
  communityAddedMessage,
  pullColors,
  pulledColorsMessage,
  qrTarget,
  readCommunity,
  saveCommunity,
  showsHomeScreenImage,
} from '@server/community/setup';
import { timeZoneAt } from '@server/community/timezone';
import type { DbValue } from '@server/db/types';
import { qrImages, type QrImages } from '@server/qr';
import { redirectWithToast } from '~/components/toast.server';
import { defaultMainMenu } from '~/lib/catalogues/default-menus';
import { type IconColors, PREVIEW_SAMPLE_BACKGROUND_COLOR, PREVIEW_SAMPLE_SHAPE_COLOR } from '~/lib/icons/colors';
import { renderMenuIcon, svgDataUri } from '~/lib/icons/render';
import { timeZoneOptionsWith } from '~/lib/timezones';
import { CommunitySchema, INVALID_LOCATION, PullColorsSchema, SVG_ICON_SETS, isSvgIconSet } from '~/schemas/community';
import { getServices } from '~/services.server';
import type { PanelServer } from './types';

/**
 * Community setup and Add Community (spec 01 §2.6, §2.7, §4.4): the right column of
 * `/community-setup` (location admin of the current community, or resort system admin) and
 * `/add-community` (resort system admin). Every button posts; see community-setup.tsx.
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
  iconSets: readonly string[];
  /** Other communities the person may edit, to pull colours from. */
  pullSources: Array<{ key: string; title: string }>;
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

export interface CommunitySetupActionData {
  result: SubmissionResult<string[]>;
  lookedUp: string | null;
  confirm?: SetupConfirm | null;
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

/** Location admin of the current community, or resort system admin. */
export async function requireCommunityAdmin(request: Request): Promise<StaffContext> {
  const staff = await requireStaff(request);
  if (!staff.access.isResortSystem && !isLocationAdmin(staff.access, staff.community)) throw forbidden('location-admin');
  return staff;
}

const EMPTY_RECORD = {};

/** The name conform's intent buttons post (Add row, Remove row, a field's validation). */
const LIST_INTENT = '__intent__';
const LIST_NAMES = ['socialMedia', 'detailButtons'];

/** Row insertion and removal in the two lists, and validation, are answered; anything else is a bad request. */
function isListIntent(intent: unknown): boolean {
  if (typeof intent !== 'object' || intent === null) return false;
  const { type, payload } = intent as { type?: unknown; payload?: { name?: unknown } };
  if (type === 'validate') return true;
  return (type === 'insert' || type === 'remove') && LIST_NAMES.includes(String(payload?.name));
}

async function setupData(staff: StaffContext, mode: SetupMode): Promise<CommunitySetupData> {
  const services = await getServices();
  const adding = mode === 'add-community';
  const record = adding ? EMPTY_RECORD : ((await readCommunity(services, staff.community)) ?? EMPTY_RECORD);
  const defaultValue = communityFormValue(record);
  const isBusinessOnly = !adding && defaultValue.isBusinessOnly;
  const target = adding || isBusinessOnly ? null : qrTarget(record);
  const iconSets = [...SVG_ICON_SETS] as string[];
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
    iconSets,
    pullSources: adding
      ? []
      : staff.communities.filter((community) => community.key !== staff.community).map(({ key, title }) => ({ key, title })),
  };
}

/**
 * Spec 01 §4.4: the zone follows the position when it is empty or the coordinates changed
 * (and the person did not pick another zone), before validation.
 */
function deriveTimeZone(formData: FormData, stored: Record<string, unknown>) {
  const zone = String(formData.get('timeZone') ?? '').trim();
  const lat = String(formData.get('latitude') ?? '').trim();
  const lng = String(formData.get('longitude') ?? '').trim();
  const moved = lat !== String(stored.latitude ?? '') || lng !== String(stored.longitude ?? '');
  if (zone !== '' && !(moved && zone === stored.timeZone)) return;
  const derived = timeZoneAt(lat, lng);
  if (derived) formData.set('timeZone', derived);
}

async function handle(request: Request, staff: StaffContext, mode: SetupMode) {
  const services = await getServices();
  const adding = mode === 'add-community';
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? 'save');
  const stored = adding ? {} : ((await readCommunity(services, staff.community)) ?? {});

  if (intent === 'pull-colors' && !adding) {
    const submission = parseWithZod(formData, { schema: PullColorsSchema });
    const result =
      submission.status === 'success'
        ? await pullColors(
            services,
            staff.community,
            submission.value.sourceKey,
            staff.communities.map((c) => c.key),
          )
        : { ok: false as const, message: PULL_COLORS_FAILED };
    return redirectWithToast(
      request,
      `/${mode}`,
      result.ok ? { kind: 'success', message: pulledColorsMessage(result.title) } : { kind: 'error', message: result.message },
    );
  }

  if (formData.has(LIST_INTENT)) {
    // Add row / Remove row without JavaScript (conform's list intents): the form again, as typed,
    // with the row added or removed. A field validation that reached the server (conform's
    // 'validate') gets the form back with that field checked. Nothing is saved.
    let result: SubmissionResult<string[]>;
    try {
      result = parseWithZod(formData, { schema: CommunitySchema }).reply();
    } catch {
      throw new Response('Bad Request', { status: 400 });
    }
    if (!isListIntent(result.intent)) throw new Response('Bad Request', { status: 400 });
    return data({ result, lookedUp: null });
  }

  if (intent === 'lookup-timezone') {
    // Without JavaScript: fill the zone from the coordinates and show the form again.
    const zone = timeZoneAt(String(formData.get('latitude') ?? '').trim(), String(formData.get('longitude') ?? '').trim());
    if (zone) formData.set('timeZone', zone);
    const submission = parseWithZod(formData, { schema: CommunitySchema });
    const reply = zone ? submission.reply() : submission.reply({ fieldErrors: { latitude: [INVALID_LOCATION] } });
    return data({ result: reply, lookedUp: zone }, { status: zone ? 200 : 400 });
  }

  const regenerate = /^regenerate-item:(.+)$/.exec(intent)?.[1] ?? null;
  const known = ['save', 'convert-icons', 'apply-colors', 'cancel-confirm'].includes(intent) || regenerate !== null;
  if (!known || (adding && intent !== 'save')) throw new Response('Bad Request', { status: 400 });

  deriveTimeZone(formData, stored);
  const submission = parseWithZod(formData, { schema: CommunitySchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), lookedUp: null }, { status: 400 });
  // Cancel of a confirmation: the form again, as typed.
  if (intent === 'cancel-confirm') return data({ result: submission.reply(), lookedUp: null, confirm: null });

  const form = submission.value;
  const canSetListing = staff.access.isResortSystem;
  const listed = canSetListing ? form.listed : stored.listed === true;
  const options = {
    canSetListing,
    businessOnly: !adding && stored.isBusinessOnly === true,
    storedButtons: stored.detailButtons,
    drawableShown: adding ? false : showsHomeScreenImage(staff.community, stored, stored.listed === true || listed),
  };

  if (adding) {
    if (!isSvgIconSet(form.iconSet)) form.iconSet = 'svg_round';
    // The default main menu of its kind, in its icon set and colours (app/lib/catalogues).
    const mainMenu = defaultMainMenu(form.communityType, {
      iconSet: form.iconSet ?? 'svg_round',
      colorIconShape: form.colorIconShape,
      colorIconBackground: form.colorIconBackground,
      colorIconShapeRandom: form.colorIconShapeRandom,
      colorIconBackgroundRandom: form.colorIconBackgroundRandom,
    }) as unknown as DbValue[];
    const result = await addCommunity(services, form, { ...options, mainMenu });
    if (!result.ok)
      return data({ result: submission.reply({ fieldErrors: { title: [result.message] } }), lookedUp: null }, { status: 400 });
    // The new community becomes the session's community (as Switch Community does).
    const session = await readSession(services.sessions, request);
    session.set('communityKey', result.key);
    return redirectWithToast(request, '/', { kind: 'success', message: communityAddedMessage(form.title) }, { session });
  }

  let extra: Record<string, DbValue> = {};
  const storedSet = typeof stored.iconSet === 'string' ? stored.iconSet : '';
  if (form.iconSet && form.iconSet !== storedSet && needsIconConversion(storedSet, form.iconSet)) {
    // 'Convert Icons' (spec 01 §4.4): irreversible, so it is confirmed first.
    if (intent !== 'convert-icons') return data({ result: submission.reply(), lookedUp: null, confirm: { kind: 'convert-icons' } });
    const menu = await readMainMenu(services, staff.community, stored);
    const conversion = iconConversionUpdate(services, staff.community, storedSet, form.iconSet, menu);
    extra = conversion.update;
    if (conversion.randomColors) form.colorIconBackgroundRandom = true;
  } else if (form.iconSet && form.iconSet !== storedSet && !isSvgIconSet(form.iconSet)) {
    // Only svg sets are offered besides the stored one: anything else keeps the stored set.
    form.iconSet = storedSet || undefined;
  } else if (randomModeChanged(stored, form.colorIconShapeRandom, form.colorIconBackgroundRandom)) {
    // 'Select Menu Type' (spec 01 §4.4): new icon colours per main-menu item, previewed first.
    const menu = await readMainMenu(services, staff.community, stored);
    const modes = {
      randomShape: form.colorIconShapeRandom,
      randomBackground: form.colorIconBackgroundRandom,
      base: { colorIconShape: form.colorIconShape, colorIconBackground: form.colorIconBackground },
    };
    if (intent === 'apply-colors') {
      extra = iconColorsUpdate(services, staff.community, menuColorsFromForm(formData, menu));
    } else {
      const current =
        intent === 'save' ? menu.map((item) => ({ index: item.index, ...generateColors(modes) })) : menuColorsFromForm(formData, menu);
      const colors = current.map((item) => (item.index === regenerate ? { index: item.index, ...generateColors(modes) } : item));
      return data({ result: submission.reply(), lookedUp: null, confirm: menuTypeConfirm(menu, colors, form.iconSet, modes) });
    }
  }

  await saveCommunity(services, staff.community, form, options, extra);
  return redirectWithToast(request, '/', { kind: 'success', message: COMMUNITY_SAVED });
}

export const communitySetupPanel: PanelServer<CommunitySetupData> = {
  async loader({ request }: LoaderFunctionArgs) {
    const staff = await requireCommunityAdmin(request);
    return setupData(staff, 'community-setup');
  },
  async action({ request }: ActionFunctionArgs) {
    const staff = await requireCommunityAdmin(request);
    return handle(request, staff, 'community-setup');
  },
};

export const addCommunityPanel: PanelServer<CommunitySetupData> = {
  async loader({ request }: LoaderFunctionArgs) {
    const staff = await requireSystemAdmin(request);
    return setupData(staff, 'add-community');
  },
  async action({ request }: ActionFunctionArgs) {
    const staff = await requireSystemAdmin(request);
    return handle(request, staff, 'add-community');
  },
};
