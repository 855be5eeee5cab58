import { EXPORT_TEXTS } from '~/lib/entries-export';

/**
 * The texts of the community export (Resort System Management → Export; decision 044): the
 * spec's export words (spec 02 §8) where it has them, shared by the screen, its action and the
 * export job's status declaration.
 */
export const COMMUNITY_EXPORT_TEXTS = {
  title: 'Export',
  jobTitle: EXPORT_TEXTS.jobTitle,
  success: EXPORT_TEXTS.success,
  failed: EXPORT_TEXTS.failed,
  noFile: EXPORT_TEXTS.noFile,
  noData: EXPORT_TEXTS.noData,
  download: EXPORT_TEXTS.download,
  intro:
    "Exports the community's data as the database keeps it (the community record, its menus, lists, calendars, messages and forms, and what its guests wrote) as one zip of JSON files.",
  introSystem: 'As a resort system admin you may choose several communities: each gets its own folder in the zip.',
  communities: 'Communities',
  submit: 'Export',
  chooseOne: 'Choose at least one community to export.',
  notYours: 'You may only export communities you manage.',
  onlyOwn: 'Only resort system admins may export other communities.',
  tooMany: 'Choose at most 500 communities at once.',
} as const;

export const summaryOfCommunityExport = (communities: number, files: number): string =>
  `${communities} ${communities === 1 ? 'community' : 'communities'}, ${files} ${files === 1 ? 'file' : 'files'}.`;
