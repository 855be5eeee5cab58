import { z } from 'zod';
import { intent, intents } from '~/lib/intent';

/**
 * The list icon form (spec 03 "Manage List Icons"): one schema for conform in the browser and
 * parseWithZod in the actions. The image is a file field read by the action, not the schema.
 */

/** Spec 03 §7 / §9 texts. */
export const LIST_ICON_TEXTS = {
  titleRequired: 'Title is required.',
  imageRequired: 'Please upload an icon image.',
  errorTitle: 'Error',
  empty: 'No list icons configured yet.',
  activeHint: 'Only active icons will be shown in the app',
  addHeading: 'Add Icon',
  editHeading: 'Edit Icon',
  deleteTitle: 'Delete Icon',
  removeImage: 'Remove Image',
  inactive: 'Inactive',
  added: 'Icon added.',
  updated: 'Icon updated.',
  deleted: 'Icon deleted.',
} as const;

export const MAX_ICON_TITLE_LENGTH = 100;
/** The form's file field. */
export const ICON_IMAGE_FIELD = 'image';

const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());

export const ListIconSchema = z.object({
  title: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z.string({ required_error: LIST_ICON_TEXTS.titleRequired }).min(1, LIST_ICON_TEXTS.titleRequired).max(MAX_ICON_TITLE_LENGTH),
  ),
  active: checkbox,
  /** Set once 'Remove Image' was pressed: the stored image is no longer the icon's. */
  removeImage: checkbox,
});

export type ListIconFormValue = z.infer<typeof ListIconSchema>;

/** The add form's buttons: Add, and OK of the 'Please upload an icon image.' dialog. */
export const AddIconIntent = intents(intent('save'), intent('dismiss'));
/** The edit form's buttons: Update, Remove Image, and OK of the dialog. */
export const EditIconIntent = intents(intent('save'), intent('remove-image'), intent('dismiss'));
export const DeleteIconIntent = intents(intent('delete'));
