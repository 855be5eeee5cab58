/**
 * The texts of Import and Update Data (Resort System Management; decision 044): shared by the
 * screens, their actions and the import job's status declaration.
 */
export const LISTING_IMPORT_TEXTS = {
  importTitle: 'Import',
  updateTitle: 'Update Data',
  importJobTitle: 'Import',
  updateJobTitle: 'Update Data',
  chooseFile: 'Please choose a CSV file to upload.',
  notCsv: 'Please choose a CSV file (.csv). Spreadsheets can be saved as CSV from their File menu.',
  chooseList: 'Please choose a list.',
  noList: 'That list does not exist in this community.',
  fileGone: 'The uploaded file is no longer here. Please upload it again.',
  nothingReady: 'No row can be imported: every row has a problem or is a duplicate.',
  nothingReadyUpdate: 'No row can be applied: every row has a problem or matches no listing.',
  failed: 'The import could not be finished. Please try again later.',
  queueDown: 'Imports cannot be started right now. Please try again later.',
  columnNotInFile: 'That column is not in the file.',
  tooLarge: 'The file is larger than 900 KB. Please split it into smaller files.',
} as const;

export function importSummaryLines(result: {
  mode: 'import' | 'update';
  created: number;
  updated: number;
  already: number;
  skipped: number;
  conflicts: number;
}): string[] {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  const lines =
    result.mode === 'import'
      ? [`${plural(result.created, 'listing', 'listings')} added.`]
      : [`${plural(result.updated, 'listing', 'listings')} updated.`];
  if (result.already > 0) lines.push(`${plural(result.already, 'row was', 'rows were')} already imported.`);
  if (result.skipped > 0) lines.push(`${plural(result.skipped, 'row', 'rows')} skipped (problems or duplicates, as the preview showed).`);
  if (result.conflicts > 0)
    lines.push(`${plural(result.conflicts, 'listing was', 'listings were')} changed by someone else meanwhile and left as they were.`);
  return lines;
}
