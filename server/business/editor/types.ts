import type { SubmissionResult } from '@conform-to/react';
import type { ActionTargets } from '@server/actions/targets';
import type { RemoteContext, StaffContext } from '@server/authz';
import type { EditorRights } from '@server/business/access';
import type { RemoteAuditView } from '@server/business/audit';
import type { DetailSection } from '@server/business/sections';
import type { PlaceSuggestion } from '@server/providers/places';
import type { QrImages } from '@server/qr';
import type { RemoteFrameData } from '@server/remote/frame';
import type { Services } from '@server/services';
import type { ActionKind } from '~/lib/actions';
import type { BusinessFormValue } from '~/lib/business';
import type { PreviewModel, PreviewSource } from '~/lib/business-preview';
import type { Conflict } from '~/lib/conflict';
import type { DollarsHistoryView } from '~/lib/dollars';
import type { HeaderView } from '~/lib/header-info';
import type { BusinessSectionId } from '~/schemas/business';

/**
 * The business detail editor's shapes (spec 03 §2 "Business detail editor", §4–§8): who is
 * editing what (`Target`, one case per mode), what the form shows (`BusinessEditorData`), what
 * a post answers with (`EditorAnswer`, the form again as `BusinessEditorActionData`).
 */

export type BusinessEditorMode = 'add' | 'edit' | 'duplicate' | 'remote';

export interface ListIconChoice {
  key: string;
  title: string;
  url: string | null;
  active: boolean;
}

/** What every mode knows: the community, the section, the person's rights and the form's options. */
interface TargetBase {
  services: Services;
  community: string;
  section: DetailSection;
  rights: EditorRights;
  dollarsEnabled: boolean;
  allowNoLocation: boolean;
  /** This page's address (the form posts here). */
  here: string;
  /** Where links to this console point (server/env.ts linkOrigin: PUBLIC_URL, never the request's Host). */
  origin: string;
  /** The communities the action selector offers (the person's; a remote manager's item's own). */
  communities: Array<{ key: string; title: string }>;
  /** The actions custom buttons may take; undefined: every action. */
  allowedActions: readonly ActionKind[] | undefined;
  /** The place picker's search route for this person. */
  placeSearchUrl: string;
}

/** Staff adding a listing: nothing stored yet. */
export interface AddTarget extends TargetBase {
  mode: 'add';
  staff: StaffContext;
  itemId: null;
  stored: null;
}

/** Staff editing a stored listing, or copying it into a new one. */
export interface StaffItemTarget extends TargetBase {
  mode: 'edit' | 'duplicate';
  staff: StaffContext;
  itemId: string;
  stored: Record<string, unknown>;
  /** The item's own editor address (its header editor sits under it). */
  editorPath: string;
}

/** A remote manager editing the grant's listing. */
export interface RemoteTarget extends TargetBase {
  mode: 'remote';
  remote: RemoteContext;
  itemId: string;
  stored: Record<string, unknown>;
  /** The remote page's own address (its header editor sits under it). */
  editorPath: string;
}

/** Who is editing what: resolved again on every load and post. */
export type Target = AddTarget | StaffItemTarget | RemoteTarget;

export interface BusinessEditorData {
  mode: BusinessEditorMode;
  heading: string;
  community: string;
  section: { node: string; title: string };
  /** The edited item's key (for add and duplicate: the key the new item will take). */
  itemKey: string;
  defaultValue: BusinessFormValue;
  version: string | null;
  rights: Pick<EditorRights, 'listIcons' | 'buttons' | 'remoteAdmin' | 'sections' | 'staff'>;
  dollarsEnabled: boolean;
  allowNoLocation: boolean;
  /** The place picker's search route, with who is asking (`?community=`, `?uuid=` or `?detailId=`). */
  placeSearchUrl: string;
  /** The offline places default answers (the picker says so). */
  placesOffline: boolean;
  listIcons: ListIconChoice[];
  sections: DetailSection[];
  header: HeaderView;
  /** Where the header editor of this item is (staff, saved items only). */
  headerHref: string | null;
  dollars: DollarsHistoryView | null;
  qr: QrImages | null;
  preview: PreviewModel;
  /** Stored fields the form does not edit but the preview shows. */
  previewExtras: Pick<PreviewSource, 'allowFavorite' | 'detailButtons'>;
  formAction: string;
  returnTo: string;
  /** Cancel (staff only). */
  cancelHref: string | null;
  openSection: BusinessSectionId;
  /** The remote page answered a save with 'Save Complete'. */
  saved: boolean;
  /** The remote page answered an Update Permissions request ('Save Complete'). */
  requested: boolean;
  /** The grant as the Update Permissions form shows it (remote pages). */
  grant: { title: string; editInfo: boolean; addButtons: boolean; sendNotifications: boolean; origContext: string } | null;
  /** 'Copy Link for Remote Management' links of the saved access entries, by uuid (location admins). */
  remoteLinks: Record<string, string>;
  /** The item's remote saves (location admins). */
  /** The remote updates log (location admins), newest first. */
  audit: RemoteAuditView[];
  /** The custom buttons' action selector: its targets, allowed actions, and whether a community must be chosen. */
  actionTargets: ActionTargets;
  allowedActions: readonly ActionKind[] | null;
  communityRequired: boolean;
  remote: { relationship: string; detailTitle: string } | null;
  /** Remote pages: the Messaging button's address when the grant allows notifications (spec 03 §6). */
  messagingHref: string | null;
}

/** A remote page: the editor in remote mode inside the project's brand. */
export interface RemoteEditorData extends BusinessEditorData, RemoteFrameData {}

export interface BusinessEditorActionData {
  result: SubmissionResult<string[]>;
  version: string | null;
  conflict: Conflict | null;
  openSection: BusinessSectionId;
  formError: string | null;
  preview: PreviewModel | null;
  /** The Update Permissions form's answer (remote pages). */
  requestResult?: SubmissionResult<string[]> | null;
  /** The place search's answer: places near the community to choose from. */
  placeSearch?: { query: string; suggestions: PlaceSuggestion[]; offline: boolean; error: string | null } | null;
  /** A fresh key for the next Save of an add or duplicate whose key was taken. */
  itemKey?: string;
  /** Where Save and Cancel go, as the post carried it (staff modes): the page the editor was opened from. */
  returnTo?: string;
}

/**
 * What a post of the editor comes to: the form again (as typed, with errors, a conflict, a
 * place search or a fresh key), saved (back where the person came from, with the spec's toast),
 * or, on a remote page, 'Save Complete' or the Update Permissions request sent.
 */
export type EditorAnswer =
  | { kind: 'form'; status: number; body: BusinessEditorActionData }
  | { kind: 'saved'; returnTo: string }
  | { kind: 'remote-saved' }
  | { kind: 'requested' };
