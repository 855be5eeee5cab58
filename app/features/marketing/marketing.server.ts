import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect } from '@remix-run/node';
import { requireLocationAdmin, type StaffContext } from '@server/authz';
import { parseCrop } from '@server/images/pipeline';
import { MARKETING_IMAGE_SIZE, storeUploadedImage, uploadLimitRefusal } from '@server/images/uploads';
import {
  changedPackageFields,
  effectivePackageNames,
  packageNamesVersion,
  readPackageNames,
  savePackageNames,
  type PackageScope,
  type StoredPackageNames,
} from '@server/marketing/package-names';
import { marketingView, type MarketingView } from '@server/marketing/screen';
import { IMAGE_TYPES, MAX_UPLOAD_BYTES, parseUpload, tooLargeMessage } from '@server/storage';
import { UNAVAILABLE_PARAM } from '~/components/shell/tray-types';
import { uploadUrl } from '~/components/widgets/uploader-shared';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { hrefs } from '~/lib/hrefs';
import { parseIntent } from '~/lib/intent';
import { MARKETING_TEXTS, PACKAGE_FIELDS, PACKAGE_IMAGE_ASPECT, PACKAGE_IMAGE_FIELDS, PACKAGE_LABELS } from '~/lib/marketing';
import { currentProject } from '~/lib/project.server';
import { redirectWithToast } from '~/lib/toast.server';
import {
  imageCropField,
  imageFileField,
  MarketingIntent,
  packageFormDefaults,
  packageNamesFromForm,
  PackageFormSchema,
} from '~/schemas/marketing';
import { getServices } from '~/services.server';

/**
 * The marketing screen (`/marketing`, spec 03 "Marketing screen", §4 "Package form
 * (marketing)", §6, §7 "Marketing"): the loader and the action of its one route.
 *
 * Who: the Marketing button is in the Administrative tray, so admins of the current community
 * (system administrators are admins of every community). In the studio project Marketing is a
 * studio-disabled feature: the page is not served and the home screen opens 'Feature
 * Unavailable' instead. Update System is for a system administrator with more than one community.
 */

export const MARKETING_PATH = hrefs.marketing();
export const PACKAGE_FORM_PATH = hrefs.marketing({ edit: 'package' });
/** The tray button's id (app/lib/trays.ts), as the studio's configuration lists it. */
const MARKETING_FEATURE = 'marketing';

export interface MarketingUploadConfig {
  accept: readonly string[];
  maxBytes: number;
  tooLargeMessage: string;
  url: string;
}

export interface MarketingData {
  view: MarketingView;
  /** The package form is open (`?edit=package`). */
  editing: boolean;
  form: {
    defaults: Record<string, string>;
    version: string;
    /** A system administrator with more than one community chooses Update Community Only or Update System. */
    canChooseScope: boolean;
    upload: MarketingUploadConfig;
  };
  isSystemAdmin: boolean;
}

export interface MarketingActionData {
  result: SubmissionResult<string[]>;
  /** Ask where to save (Update Community Only / Update System): the form had changes. */
  ask?: boolean;
  conflict?: Conflict | null;
  version?: string | null;
  /** A refused upload or save, in words. */
  problem?: string | null;
}

/** Admin of the current community, outside the studio project. */
async function requireMarketing(request: Request): Promise<StaffContext> {
  const staff = await requireLocationAdmin(request);
  const project = await currentProject(request);
  if (project.isStudio && project.studioDisabledFeatures.includes(MARKETING_FEATURE)) {
    throw redirect(hrefs.home({ [UNAVAILABLE_PARAM]: MARKETING_FEATURE }));
  }
  return staff;
}

const canChooseScope = (staff: StaffContext) => staff.access.isResortSystem && staff.communities.length > 1;

const uploadConfig = (): MarketingUploadConfig => ({
  accept: IMAGE_TYPES,
  maxBytes: MAX_UPLOAD_BYTES,
  tooLargeMessage: tooLargeMessage(),
  url: uploadUrl('marketing'),
});

export async function loadMarketing(request: Request): Promise<MarketingData> {
  const staff = await requireMarketing(request);
  const services = await getServices();
  const url = new URL(request.url);
  const stored = await readPackageNames(services, staff.community);
  const view = await marketingView(services, staff.community, url.origin, stored);
  return {
    view,
    editing: url.searchParams.get('edit') === 'package',
    form: {
      defaults: packageFormDefaults(effectivePackageNames(stored)),
      version: packageNamesVersion(stored),
      canChooseScope: canChooseScope(staff),
      upload: uploadConfig(),
    },
    isSystemAdmin: staff.access.isResortSystem,
  };
}

const answer = (body: MarketingActionData, status = 200) => data<MarketingActionData>(body, { status });

const conflictOf = (stored: StoredPackageNames, version: string, posted: Record<string, unknown>): Conflict => ({
  message: conflictMessage('The package names'),
  version,
  theirs: conflictRows(PACKAGE_LABELS, effectivePackageNames(stored), posted),
});

/**
 * The package form's post. Without JavaScript the chosen images come with it (`{field}File`,
 * their crop `{field}Crop`): they are stored first and their addresses become the fields' values,
 * so Upload shows them in the form and Save saves them.
 */
export async function marketingAction(request: Request) {
  const staff = await requireMarketing(request);
  const services = await getServices();
  const upload = await parseUpload(request, { accept: IMAGE_TYPES, maxFiles: PACKAGE_IMAGE_FIELDS.length, schemas: PackageFormSchema });
  const formData = upload.formData;
  const files = PACKAGE_IMAGE_FIELDS.map((field) => {
    const posted = formData.get(imageFileField(field));
    const crop = formData.get(imageCropField(field));
    formData.delete(imageFileField(field));
    formData.delete(imageCropField(field));
    return { field, file: posted instanceof File && posted.size > 0 ? posted : null, crop };
  });
  const { intent } = parseIntent(formData, MarketingIntent);
  const version = postedVersion(formData);

  if (!upload.ok) {
    const field = PACKAGE_IMAGE_FIELDS.find((name) => upload.error.field === imageFileField(name));
    const submission = parseWithZod(formData, { schema: PackageFormSchema });
    return answer(
      {
        result: submission.reply(field ? { fieldErrors: { [field]: [upload.error.message] } } : { formErrors: [upload.error.message] }),
        version,
      },
      upload.error.code === 'too-large' ? 413 : 400,
    );
  }

  for (const { field, file, crop } of files) {
    if (!file) continue;
    try {
      const aspect = PACKAGE_IMAGE_ASPECT[field];
      const target =
        aspect === 1
          ? MARKETING_IMAGE_SIZE
          : { width: Math.round(MARKETING_IMAGE_SIZE.height * aspect), height: MARKETING_IMAGE_SIZE.height };
      const stored = await storeUploadedImage(services.storage, staff.community, file, {
        bucket: 'marketing',
        crop: parseCrop(crop),
        target,
      });
      formData.set(field, stored.croppedURL);
    } catch (error) {
      const refusal = uploadLimitRefusal(error);
      const submission = parseWithZod(formData, { schema: PackageFormSchema });
      const message = refusal?.message ?? 'The image could not be read. Please upload a PNG or JPEG image.';
      return answer({ result: submission.reply({ fieldErrors: { [field]: [message] } }), version }, refusal?.status ?? 400);
    }
  }

  const submission = parseWithZod(formData, { schema: PackageFormSchema });
  if (intent === 'upload') return answer({ result: { ...submission.reply(), error: {} }, version });
  if (submission.status !== 'success') return answer({ result: submission.reply(), version }, 400);
  const posted = packageNamesFromForm(submission.value);
  const typed = Object.fromEntries(PACKAGE_FIELDS.map((field) => [field, posted[field]]));

  const choose = canChooseScope(staff);
  if (intent === 'update-system' && !choose)
    throw new Response('Only a system administrator with more than one community updates the system-wide package names.', { status: 403 });
  if (intent === 'save' && choose) {
    // Ask where to save, unless nothing changed (the form closes) or the form is stale (409 first).
    const stored = await readPackageNames(services, staff.community);
    const now = packageNamesVersion(stored);
    if (version !== null && version !== now)
      return answer({ result: submission.reply(), version: now, conflict: conflictOf(stored, now, typed) }, 409);
    if (Object.keys(changedPackageFields(effectivePackageNames(stored), posted)).length === 0) return redirect(MARKETING_PATH);
    return answer({ result: submission.reply(), version, ask: true });
  }

  const scope: PackageScope = intent === 'update-system' ? 'system' : 'community';
  const saved = await savePackageNames(services, { community: staff.community, scope, posted, version });
  if (!saved.ok)
    return answer({ result: submission.reply(), version: saved.version, conflict: conflictOf(saved.stored, saved.version, typed) }, 409);
  // Spec 03 §4: no changes close the form without writing; a save says 'Saved!'.
  if (!saved.written) return redirect(MARKETING_PATH);
  return redirectWithToast(request, MARKETING_PATH, { kind: 'success', message: MARKETING_TEXTS.saved });
}
