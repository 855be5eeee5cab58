import { z } from 'zod';
import type { DbValue } from '@server/db/types';
import {
  actionFormSchema,
  actionFormValue,
  actionFormValueFromPost,
  actionRecord,
  EMPTY_ACTION,
  type ActionFormValue,
  type ActionKind,
  type ActionTargets,
  type StoredAction,
} from '~/lib/actions';
import { getMenuIcon } from '~/lib/icons/library';
import { isDroppedRow, orderNumber, postedRowsSchema, rowCheckbox, rowList } from '~/lib/posted-rows';

/**
 * Custom buttons of a listing (spec 03 §3 "Detail button": title, icon, iconData.svg, action,
 * actionKey, actionParams). Isomorphic and pure. The form holds the rows in order, one blank row
 * always (ignored when empty), a 'Remove' checkbox per row and, without JavaScript, an order
 * number per row. The icon's svg never comes from the browser: the record takes it from the icon
 * catalogue (or keeps the stored one of an unchanged icon).
 */

export const MAX_DETAIL_BUTTONS = 20;
export const DETAIL_BUTTON_MESSAGES = {
  titleRequired: 'Title is required.',
  iconRequired: 'Icon is required.',
  invalidIcon: 'Choose an icon from the list.',
  tooMany: `At most ${MAX_DETAIL_BUTTONS} buttons.`,
  invalidOrder: 'Order must be a number.',
} as const;
/** The icon a new button starts with. */
export const DEFAULT_DETAIL_BUTTON_ICON = 'globe';
/**
 * An icon name the row may keep: the catalogue's, or a stored button's own name that the catalogue
 * lacks (its stored iconData is kept; a new name gets no svg).
 */
export const isIconName = (value: string): boolean => getMenuIcon(value) !== undefined || /^[A-Za-z0-9_-]{1,60}$/.test(value);

export interface DetailButtonFormValue {
  title: string;
  icon: string;
  action: ActionFormValue;
  remove?: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * The form's rows for stored buttons, or for posted rows (to show a refused post again); anything
 * that is not a button is left out. Never throws.
 */
export function detailButtonsFormValue(stored: unknown): DetailButtonFormValue[] {
  return rowList(stored)
    .filter(isRecord)
    .slice(0, MAX_DETAIL_BUTTONS)
    .map((button) => ({
      title: text(button.title),
      icon: text(button.icon),
      // A posted row (conform's lastResult.initialValue) holds the selector's fields in `action`.
      action: isRecord(button.action) ? actionFormValueFromPost(button.action) : actionFormValue(button as StoredAction),
      ...(button.remove === 'on' || button.remove === true ? { remove: true } : {}),
    }));
}

/** A blank row (what the editor adds). */
export function blankDetailButton(): DetailButtonFormValue {
  return { title: '', icon: '', action: { ...EMPTY_ACTION } };
}

/** A text that may be empty (conform reads an emptied field as nothing, hence optional). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value ?? '');

/** Whether a posted row is the blank row (no title, no action): it is ignored. */
function isBlankRow(row: unknown): boolean {
  if (!isRecord(row)) return true;
  const action = isRecord(row.action) ? row.action : {};
  return text(row.title) === '' && text(action.action) === '';
}

/**
 * The editor's schema: rows `{name}[i].title`, `.icon`, `.remove`, `.order`, `.action.*`.
 * Removed rows and blank rows are dropped; the others need a title, an icon of the catalogue
 * and a valid action (actionFormSchema with the action required). Rows come back in the order
 * of their order numbers (ties keep the posted order).
 */
export function detailButtonsFormSchema(options: {
  communityRequired: boolean;
  allowed?: readonly ActionKind[];
  /** When given, each button's record must be one of these (the server passes what it loaded). */
  targets?: ActionTargets;
}): z.ZodType<DetailButtonFormValue[], z.ZodTypeDef, unknown> {
  const action = actionFormSchema({
    required: true,
    communityRequired: options.communityRequired,
    allowed: options.allowed,
    targets: options.targets,
  });
  const row = z
    .object({
      title: optionalText(60),
      icon: optionalText(60),
      remove: rowCheckbox,
      order: orderNumber(DETAIL_BUTTON_MESSAGES.invalidOrder),
      action: z.unknown(),
    })
    .superRefine((value, ctx) => {
      if (isDroppedRow(value, isBlankRow)) return;
      if (value.title === '') ctx.addIssue({ code: 'custom', path: ['title'], message: DETAIL_BUTTON_MESSAGES.titleRequired });
      if (value.icon === '') ctx.addIssue({ code: 'custom', path: ['icon'], message: DETAIL_BUTTON_MESSAGES.iconRequired });
      else if (!isIconName(value.icon)) ctx.addIssue({ code: 'custom', path: ['icon'], message: DETAIL_BUTTON_MESSAGES.invalidIcon });
      const parsed = action.safeParse(value.action);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: ['action', ...issue.path] });
      }
    });

  return postedRowsSchema({
    row,
    // The blank row comes on top of the most buttons.
    max: MAX_DETAIL_BUTTONS,
    tooMany: DETAIL_BUTTON_MESSAGES.tooMany,
    isBlank: isBlankRow,
    output: (value): DetailButtonFormValue => ({
      title: value.title,
      icon: getMenuIcon(value.icon)?.name ?? value.icon,
      action: action.parse(value.action),
    }),
  });
}

/**
 * The stored buttons of the form's rows (spec 03 §3): title, icon, iconData (the stored one when
 * a stored button has the same icon, so its colours stay; else the catalogue's svg), then the
 * action's stored fields.
 */
export function detailButtonsRecord(form: DetailButtonFormValue[], stored: unknown): Array<Record<string, DbValue>> {
  const storedIcons = new Map<string, DbValue>();
  for (const button of rowList(stored)) {
    if (!isRecord(button) || !isRecord(button.iconData)) continue;
    const icon = text(button.icon);
    const svg = button.iconData.svg;
    if (icon !== '' && typeof svg === 'string' && !storedIcons.has(icon)) storedIcons.set(icon, button.iconData as DbValue);
  }
  return form
    .filter((button) => !button.remove)
    .map((button) => {
      const library = getMenuIcon(button.icon);
      const icon = library?.name ?? button.icon;
      const iconData = storedIcons.get(icon) ?? (library ? { title: library.name, svg: library.svg } : undefined);
      const record: Record<string, DbValue> = { title: button.title.trim(), icon };
      if (iconData !== undefined) record.iconData = iconData;
      for (const [field, value] of Object.entries(actionRecord(button.action))) {
        if (typeof value === 'string') record[field] = value;
      }
      return record;
    });
}
