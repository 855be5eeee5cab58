import type { DbValue } from '@server/db/types';
import { child } from '@server/paths';
import { normalizeHex, randomIconColors, type IconColors } from '~/lib/icons/colors';
import { convertLegacyIconSet, isSvgIconSet } from '~/lib/icons/icon-sets';
import type { CommunityRecord } from './form';
import { MAIN_MENU, type CommunityDeps } from './setup';

/**
 * Icon changes of community setup (spec 01 §4.4): converting a legacy icon set to an svg set
 * ('Convert Icons') and new random icon colours per main-menu item ('Select Menu Type').
 * Both become multi-path updates written together with the form's fields.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

export interface MainMenuEntry {
  /** The item's index (key) in the stored menu. */
  index: string;
  title: string;
  /** The glyph: iconData.svg, else the icon's name. */
  glyph: string;
  iconSet: string | null;
  colors: IconColors;
}

/** The main menu of a community with each item's key (array index or gap key). */
export async function readMainMenu({ db, paths }: CommunityDeps, key: string, record: CommunityRecord): Promise<MainMenuEntry[]> {
  const value = (await db.ref(paths.menu(key, MAIN_MENU)).get()).val();
  const entries: Array<[string, unknown]> = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : isObject(value)
      ? Object.entries(value)
      : [];
  return entries.flatMap(([index, item]) => {
    if (!isObject(item)) return [];
    const iconData = isObject(item.iconData) ? item.iconData : {};
    return [
      {
        index,
        title: text(item.title) ?? text(item.name) ?? `Item ${Number(index) + 1}`,
        glyph: text(iconData.svg) ?? text(item.icon) ?? text(iconData.title) ?? '',
        iconSet: text(iconData.iconSet),
        colors: {
          colorIconShape: normalizeHex(iconData.colorIconShape) ?? normalizeHex(record.colorIconShape) ?? '#FFFFFF',
          colorIconBackground: normalizeHex(iconData.colorIconBackground) ?? normalizeHex(record.colorIconBackground) ?? '#FFFFFF',
        },
      },
    ];
  });
}

/** True when saving `chosen` over the stored set needs the 'Convert Icons' confirmation. */
export function needsIconConversion(stored: unknown, chosen: string | undefined): boolean {
  return typeof stored === 'string' && convertLegacyIconSet(stored) !== null && typeof chosen === 'string' && isSvgIconSet(chosen);
}

/**
 * The conversion: the community's set becomes the chosen svg set (legacy colour sets turn the
 * random colours on) and every main-menu item's iconData set follows.
 */
export function iconConversionUpdate(
  deps: CommunityDeps,
  key: string,
  storedSet: string,
  chosen: string,
  menu: readonly MainMenuEntry[],
): { update: Record<string, DbValue>; randomColors: boolean } {
  const conversion = convertLegacyIconSet(storedSet);
  const iconSet = isSvgIconSet(chosen) ? chosen : (conversion?.iconSet ?? chosen);
  const update: Record<string, DbValue> = { [deps.paths.communityIconSet(key)]: iconSet };
  for (const item of menu) {
    update[child(deps.paths.menuItemIconData(key, MAIN_MENU, item.index), 'iconSet')] = iconSet;
  }
  return { update, randomColors: conversion?.randomColors ?? false };
}

/** True when a random-colour mode changes (the 'Select Menu Type' step). */
export function randomModeChanged(stored: CommunityRecord, shape: boolean, background: boolean): boolean {
  return (stored.colorIconShapeRandom === true) !== shape || (stored.colorIconBackgroundRandom === true) !== background;
}

export interface RandomModes {
  randomShape: boolean;
  randomBackground: boolean;
  base: Partial<IconColors>;
}

/** New colours for one item ('Generate New Color(s)'). */
export function generateColors(modes: RandomModes, seed: number = Math.floor(Math.random() * 2 ** 31)): IconColors {
  return randomIconColors(seed, modes);
}

/** Each item's colours written into its iconData. */
export function iconColorsUpdate(
  deps: CommunityDeps,
  key: string,
  colors: ReadonlyArray<{ index: string } & IconColors>,
): Record<string, DbValue> {
  const update: Record<string, DbValue> = {};
  for (const item of colors) {
    const base = deps.paths.menuItemIconData(key, MAIN_MENU, item.index);
    update[child(base, 'colorIconShape')] = item.colorIconShape;
    update[child(base, 'colorIconBackground')] = item.colorIconBackground;
  }
  return update;
}

/** The per-item colours a confirmation page carries in hidden fields: `menuColor.{index}.shape|background`. */
export function menuColorsFromForm(formData: FormData, menu: readonly MainMenuEntry[]): Array<{ index: string } & IconColors> {
  return menu.map((item) => ({
    index: item.index,
    colorIconShape: normalizeHex(formData.get(`menuColor.${item.index}.shape`)) ?? item.colors.colorIconShape,
    colorIconBackground: normalizeHex(formData.get(`menuColor.${item.index}.background`)) ?? item.colors.colorIconBackground,
  }));
}
