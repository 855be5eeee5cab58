import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import { requireStaff } from '@server/authz';
import {
  addListIcon,
  iconKeyOf,
  LIST_ICON_MESSAGES,
  listIconVersion,
  readListIcon,
  readListIcons,
  removeListIcon,
  storeListIcon,
  updateListIcon,
  type ListIcon,
} from '@server/list-icons';
import { isValidKey } from '@server/paths';
import { IMAGE_TYPES, parseUpload, type UploadError } from '@server/storage';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { hrefs } from '~/lib/hrefs';
import { parseIntent } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import { AddIconIntent, EditIconIntent, ICON_IMAGE_FIELD, LIST_ICON_TEXTS, ListIconSchema } from '~/schemas/list-icon';
import { getServices } from '~/services.server';

/**
 * Manage List Icons (spec 03): the loaders and actions of /manage-list-icons and its panels,
 * for staff of the current community, like the other content of a community.
 */

export const LIST_ICONS_PATH = hrefs.listIcons();
export const listIconPaths = {
  list: LIST_ICONS_PATH,
  add: hrefs.listIconsAdd(),
  edit: (key: string) => hrefs.listIconsItem('edit', key),
  remove: (key: string) => hrefs.listIconsItem('delete', key),
};

export interface ListIconsData {
  icons: ListIcon[];
}

export interface IconEditorData {
  mode: 'add' | 'edit';
  /** The edited icon; null when adding. */
  icon: ListIcon | null;
  version: string | null;
  accept: readonly string[];
}

export interface IconEditorActionData {
  result: SubmissionResult<string[]>;
  /** The spec's Error dialog ('Please upload an icon image.') or a refused file's ('Incorrect Type'). */
  dialog?: { title: string; message: string } | null;
  /** 'Remove Image' was pressed: the stored image is no longer shown, nor kept on Update. */
  imageRemoved?: boolean;
  version?: string | null;
  conflict?: Conflict | null;
}

export interface DeleteIconData {
  icon: ListIcon;
}

export async function loadListIcons(request: Request): Promise<ListIconsData> {
  const { community } = await requireStaff(request);
  return { icons: await readListIcons(await getServices(), community) };
}

/** The icon of the address, or 404. */
async function iconOf(community: string, key: string | undefined): Promise<ListIcon> {
  const icon = key && isValidKey(key) ? await readListIcon(await getServices(), community, key) : null;
  if (!icon) throw new Response(LIST_ICON_MESSAGES.notFound, { status: 404 });
  return icon;
}

export async function loadIconEditor(request: Request, key?: string): Promise<IconEditorData> {
  const { community } = await requireStaff(request);
  if (key === undefined) return { mode: 'add', icon: null, version: null, accept: IMAGE_TYPES };
  const icon = await iconOf(community, key);
  return { mode: 'edit', icon, version: listIconVersion(icon), accept: IMAGE_TYPES };
}

export async function loadDeleteIcon(request: Request, key: string | undefined): Promise<DeleteIconData> {
  const { community } = await requireStaff(request);
  return { icon: await iconOf(community, key) };
}

const answer = (body: IconEditorActionData, status = 200) => data<IconEditorActionData>(body, { status });

/** The posted form without its file, and the file when one was chosen. */
async function readIconForm(request: Request) {
  const upload = await parseUpload(request, { accept: IMAGE_TYPES, maxFiles: 1, schemas: ListIconSchema });
  const formData = upload.formData;
  const posted = formData.get(ICON_IMAGE_FIELD);
  formData.delete(ICON_IMAGE_FIELD);
  const file = posted instanceof File && posted.size > 0 ? posted : null;
  return { upload, formData, file };
}

const missingImage = { title: LIST_ICON_TEXTS.errorTitle, message: LIST_ICON_TEXTS.imageRequired };

/**
 * A refused file (spec 03 §5 Uploader): its dialog ('Incorrect Type': 'Please upload files with
 * the correct type: image/png, image/jpeg'; a file too large its own), and the same words beside
 * the field once the dialog is closed.
 */
const fileDialog = (error: UploadError) => ({ title: error.title, message: error.message });
const refusedFile = (error: UploadError) => ({ [ICON_IMAGE_FIELD]: [error.message] });

/** Add Icon: the key is the slug of the title; an image is required. */
export async function addIconAction(request: Request) {
  const { community } = await requireStaff(request);
  const services = await getServices();
  const { upload, formData, file } = await readIconForm(request);
  const { intent } = parseIntent(formData, AddIconIntent);
  const submission = parseWithZod(formData, { schema: ListIconSchema });
  const fieldError = (field: string, message: string, status = 400) =>
    answer({ result: submission.reply({ fieldErrors: { [field]: [message] } }) }, status);

  // A body that could not be read at all is refused, whatever it asked for.
  if (!upload.ok && upload.error.field === null)
    return answer({ result: submission.reply({ fieldErrors: refusedFile(upload.error) }) }, 400);
  // OK on the dialog closes it; the refused file (still chosen, with JavaScript) keeps its words beside the field.
  if (intent === 'dismiss') return answer({ result: { ...submission.reply(), error: upload.ok ? {} : refusedFile(upload.error) } });
  if (!upload.ok)
    return answer({ result: submission.reply({ fieldErrors: refusedFile(upload.error) }), dialog: fileDialog(upload.error) }, 400);
  if (submission.status !== 'success') return answer({ result: submission.reply() }, 400);
  if (!file) return answer({ result: submission.reply(), dialog: missingImage }, 400);

  const { title, active } = submission.value;
  const key = iconKeyOf(title);
  if (!key || !isValidKey(key)) return fieldError('title', LIST_ICON_MESSAGES.invalidKey);
  if (await readListIcon(services, community, key)) return fieldError('title', LIST_ICON_MESSAGES.exists(title));
  const url = await storeListIcon(services.storage, community, file, { name: key });
  if (!url) return fieldError(ICON_IMAGE_FIELD, LIST_ICON_MESSAGES.unreadableImage);
  const added = await addListIcon(services, community, { title, active, url });
  if (!added.ok) return fieldError('title', added.message);
  return redirectWithToast(request, LIST_ICONS_PATH, { kind: 'success', message: LIST_ICON_TEXTS.added });
}

/** Edit Icon: the title stays as added; Active and the image change; a stale form gets 409. */
export async function editIconAction(request: Request, key: string | undefined) {
  const { community } = await requireStaff(request);
  const services = await getServices();
  const icon = await iconOf(community, key);
  const { upload, formData, file } = await readIconForm(request);
  const { intent } = parseIntent(formData, EditIconIntent);
  // The title is locked: whatever was posted, the stored one stands.
  formData.set('title', icon.title);
  const imageRemoved = intent === 'remove-image' || formData.get('removeImage') === 'on';
  if (imageRemoved) formData.set('removeImage', 'on');
  const version = postedVersion(formData);
  const reply = (body: Omit<IconEditorActionData, 'imageRemoved'>, status = 200) => answer({ imageRemoved, version, ...body }, status);
  const submission = parseWithZod(formData, { schema: ListIconSchema });

  // A body that could not be read at all is refused, whatever it asked for.
  if (!upload.ok && upload.error.field === null)
    return reply({ result: submission.reply({ fieldErrors: refusedFile(upload.error) }) }, 400);
  if (intent === 'dismiss' || intent === 'remove-image')
    return reply({ result: { ...submission.reply(), error: upload.ok ? {} : refusedFile(upload.error) } });
  if (!upload.ok)
    return reply({ result: submission.reply({ fieldErrors: refusedFile(upload.error) }), dialog: fileDialog(upload.error) }, 400);
  if (submission.status !== 'success') return reply({ result: submission.reply() }, 400);
  if (!file && imageRemoved) return reply({ result: submission.reply(), dialog: missingImage }, 400);

  const conflictOf = (theirs: ListIcon, theirVersion: string) =>
    reply(
      {
        result: submission.reply(),
        version: theirVersion,
        conflict: {
          message: conflictMessage('This icon'),
          version: theirVersion,
          theirs: conflictRows({ active: 'Active', url: 'Icon Image' }, { ...theirs }, { active: submission.value.active, url: icon.url }),
        },
      },
      409,
    );
  // A stale form is answered before its file is stored.
  if (version && version !== listIconVersion(icon)) return conflictOf(icon, listIconVersion(icon));

  let url = imageRemoved ? '' : icon.url;
  if (file) {
    const stored = await storeListIcon(services.storage, community, file, { name: icon.key });
    if (!stored)
      return reply({ result: submission.reply({ fieldErrors: { [ICON_IMAGE_FIELD]: [LIST_ICON_MESSAGES.unreadableImage] } }) }, 400);
    url = stored;
  }
  if (!url) return reply({ result: submission.reply(), dialog: missingImage }, 400);
  const saved = await updateListIcon(services, community, icon.key, { active: submission.value.active, url }, version);
  if (!saved.ok && saved.reason === 'not-found') throw new Response(LIST_ICON_MESSAGES.notFound, { status: 404 });
  if (!saved.ok && saved.reason === 'conflict') return conflictOf(saved.icon, saved.version);
  return redirectWithToast(request, LIST_ICONS_PATH, { kind: 'success', message: LIST_ICON_TEXTS.updated });
}

export async function deleteIconAction(request: Request, key: string | undefined) {
  const { community } = await requireStaff(request);
  const services = await getServices();
  const icon = await iconOf(community, key);
  await removeListIcon(services, community, icon.key);
  return redirectWithToast(request, LIST_ICONS_PATH, { kind: 'success', message: LIST_ICON_TEXTS.deleted });
}
