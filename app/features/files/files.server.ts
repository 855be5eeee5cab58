import { data as answer } from '@remix-run/node';
import { requireLocationAdmin } from '@server/authz';
import {
  deleteFile,
  FILE_TYPES,
  FILES_TEXTS,
  FilesError,
  MAX_FILES_PER_UPLOAD,
  parseFolder,
  readFilesPage,
  renameFile,
  uploadFiles,
  type FileRow,
  type FolderRow,
} from '@server/files';
import { MAX_UPLOAD_BYTES, parseUpload } from '@server/storage';
import { hrefs } from '~/lib/hrefs';
import { parseIntent } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import { DeleteFileSchema, RenameFileSchema, UploadFilesSchema } from '~/schemas/files';
import { getServices } from '~/services.server';
import { FilesIntent } from './intents';

/**
 * File management at `/listnm/files` (spec 02 "Listing routes" context files, §7 file-management
 * folders; spec 03 §6 Administrative tray, §9 file management; decision 043): require admin →
 * read the query or the form → intent → server/files use case → redirect with a toast, or the
 * page again with the refusal's words and what was typed.
 */

export const FILES_TITLE = 'Files';

export interface FilesData {
  title: string;
  folder: string;
  /** The folders from the community's folder down to the one open, for the path shown above the list. */
  crumbs: Array<{ name: string; href: string }>;
  folders: Array<FolderRow & { href: string }>;
  files: FileRow[];
  /** Links to the next page and back to the first (a bucket's page tokens go forward only). */
  nextHref: string | null;
  firstHref: string | null;
  /** The file whose Rename form is open (`?rename=`), when it is on this page. */
  renaming: string | null;
  /** The folder's own address, kept by every form and link. */
  selfHref: string;
  accept: string[];
  maxBytes: number;
  maxFiles: number;
}

export interface FilesActionData {
  /** A refusal, shown above the list. */
  error?: string;
  /** The Rename form again, with what was typed and why not. */
  rename?: { path: string; name: string; error: string };
  /** Rename of a file records use, asked first: who uses it, and that they will be updated. */
  confirmRename?: { path: string; name: string; question: string; usedBy: string };
  /** Delete asked first: 'Are you certain you want to delete?' and who uses the file. */
  confirmDelete?: { path: string; name: string; question: string; usedBy: string | null };
}

const folderHref = (folder: string, search: Record<string, string> = {}) =>
  hrefs.listnm('files', { ...(folder ? { folder } : {}), ...search });

function refusal(error: unknown): Response {
  if (error instanceof FilesError) return new Response(error.message, { status: error.status });
  throw error;
}

export async function loadFiles(request: Request): Promise<FilesData> {
  const staff = await requireLocationAdmin(request);
  const url = new URL(request.url);
  const services = await getServices();
  const pageToken = url.searchParams.get('page') || null;
  let page;
  try {
    const folder = parseFolder(url.searchParams.get('folder'));
    page = await readFilesPage(services, staff.community, folder, pageToken);
  } catch (error) {
    throw refusal(error);
  }
  const segments = page.folder.split('/').filter(Boolean);
  const renaming = url.searchParams.get('rename');
  return {
    title: FILES_TITLE,
    folder: page.folder,
    crumbs: [
      { name: 'Files', href: folderHref('') },
      ...segments.map((name, index) => ({ name, href: folderHref(`${segments.slice(0, index + 1).join('/')}/`) })),
    ],
    folders: page.folders.map((sub) => ({ ...sub, href: folderHref(sub.path) })),
    files: page.files,
    nextHref: page.nextPageToken ? folderHref(page.folder, { page: page.nextPageToken }) : null,
    firstHref: pageToken ? folderHref(page.folder) : null,
    renaming: renaming !== null && page.files.some((file) => file.path === renaming) ? renaming : null,
    selfHref: folderHref(page.folder, pageToken ? { page: pageToken } : {}),
    accept: [...FILE_TYPES],
    maxBytes: MAX_UPLOAD_BYTES,
    maxFiles: MAX_FILES_PER_UPLOAD,
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

export async function filesAction(request: Request) {
  const staff = await requireLocationAdmin(request);
  const upload = await parseUpload(request, {
    accept: FILE_TYPES,
    maxFiles: MAX_FILES_PER_UPLOAD,
    schemas: [UploadFilesSchema, RenameFileSchema, DeleteFileSchema],
  });
  const form = upload.formData;
  const posted = parseIntent(form, FilesIntent);
  const url = new URL(request.url);
  const services = await getServices();
  let folder: string;
  try {
    folder = parseFolder(text(form, 'folder') || url.searchParams.get('folder'));
  } catch (error) {
    return answer<FilesActionData>({ error: refusalText(error) }, { status: 400 });
  }
  const back = folderHref(folder);
  if (!upload.ok) {
    return answer<FilesActionData>({ error: upload.error.message }, { status: upload.error.code === 'too-large' ? 413 : 400 });
  }
  try {
    switch (posted.intent) {
      case 'upload': {
        const files = form.getAll('file').filter((file): file is File => file instanceof File && file.size > 0);
        const count = await uploadFiles(services, staff.community, folder, files);
        return redirectWithToast(request, back, { kind: 'success', message: FILES_TEXTS.uploaded(count) });
      }
      case 'rename': {
        const path = text(form, 'path');
        const name = text(form, 'name');
        try {
          const renamed = await renameFile(services, staff.community, path, name, text(form, 'confirm') === 'yes');
          if (renamed.kind === 'confirm') {
            return answer<FilesActionData>({
              confirmRename: {
                path: renamed.path,
                name: renamed.to,
                question: FILES_TEXTS.confirmRename(renamed.from, renamed.to),
                usedBy: FILES_TEXTS.renameUsedBy(renamed.uses.map((use) => use.label)),
              },
            });
          }
          const message =
            renamed.updated > 0
              ? FILES_TEXTS.renamedUpdated(renamed.from, renamed.to, renamed.updated)
              : FILES_TEXTS.renamed(renamed.from, renamed.to);
          return redirectWithToast(request, back, { kind: 'success', message });
        } catch (error) {
          if (!(error instanceof FilesError) || error.status === 404) throw error;
          return answer<FilesActionData>({ rename: { path, name, error: error.message } }, { status: error.status });
        }
      }
      case 'delete': {
        const result = await deleteFile(services, staff.community, text(form, 'path'), text(form, 'confirm') === 'yes');
        if (result.kind === 'deleted')
          return redirectWithToast(request, back, { kind: 'success', message: FILES_TEXTS.deleted(result.name) });
        return answer<FilesActionData>({
          confirmDelete: {
            path: result.path,
            name: result.name,
            question: FILES_TEXTS.confirmDelete,
            usedBy: result.uses.length > 0 ? FILES_TEXTS.usedBy(result.uses.map((use) => use.label)) : null,
          },
        });
      }
    }
  } catch (error) {
    if (error instanceof FilesError) return answer<FilesActionData>({ error: error.message }, { status: error.status });
    throw error;
  }
}

function refusalText(error: unknown): string {
  if (error instanceof FilesError) return error.message;
  throw error;
}
