import type { RemoteGrant } from '@server/authz/access';
import type { DbValue } from '@server/db/types';
import { BUTTON_FIELDS, DOLLARS_FIELDS, INFO_FIELDS, LIST_ICON_FIELDS } from './item';

/**
 * Who writes what in the business editor (spec 03 §2, §6): staff of the community write the
 * item's information, buttons and listing icons; location admins and system admins also the
 * Remote Administration and the Associated Listing Sections. A remote manager writes only what
 * the grant allows: editInfo the information (never listing icons, sections or remote
 * management), addButtons the custom buttons. The server applies this to every post, whatever
 * the form carried.
 */

export type EditorRole = { kind: 'staff'; admin: boolean } | { kind: 'remote'; grant: Pick<RemoteGrant, 'editInfo' | 'addButtons'> };

export interface EditorRights {
  /** Item fields the post may write. */
  fields: readonly string[];
  listIcons: boolean;
  buttons: boolean;
  remoteAdmin: boolean;
  sections: boolean;
  /** Cancel and the header-images action (staff only). */
  staff: boolean;
}

export function editorRights(role: EditorRole, options: { dollarsEnabled: boolean }): EditorRights {
  const dollars = options.dollarsEnabled ? DOLLARS_FIELDS : [];
  if (role.kind === 'staff') {
    return {
      fields: [...INFO_FIELDS, ...dollars, ...BUTTON_FIELDS, ...LIST_ICON_FIELDS],
      listIcons: true,
      buttons: true,
      remoteAdmin: role.admin,
      sections: role.admin,
      staff: true,
    };
  }
  const { editInfo, addButtons } = role.grant;
  return {
    fields: [...(editInfo ? [...INFO_FIELDS, ...dollars] : []), ...(addButtons ? BUTTON_FIELDS : [])],
    listIcons: false,
    buttons: addButtons,
    remoteAdmin: false,
    sections: false,
    staff: false,
  };
}

/** Only the fields the rights allow; the rest of the record is left as stored. */
export function allowedFields(record: Record<string, DbValue>, rights: EditorRights): Record<string, DbValue> {
  return Object.fromEntries(Object.entries(record).filter(([field]) => rights.fields.includes(field)));
}
