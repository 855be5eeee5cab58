/**
 * The texts of Import and Update Data (Resort System Management; decision 044): shared by the
 * screens, their actions and the import job's status declaration.
 */
export const LISTING_IMPORT_TEXTS = {
  importTitle: 'Import',
  updateTitle: 'Update Data',
  importJobTitle: 'Import',
  updateJobTitle: 'Update Data',
  chooseFile: 'Please choose a CSV or Excel file to upload.',
  notCsv: 'Please choose a CSV file (.csv) or an Excel workbook (.xlsx). Other spreadsheets can be saved as either from their File menu.',
  chooseList: 'Please choose a list.',
  noList: 'That list does not exist in this community.',
  fileGone: 'The uploaded file is no longer here. Please upload it again.',
  nothingReady: 'No row can be imported: every row has a problem or is a duplicate.',
  nothingReadyUpdate: 'No row can be applied: every row has a problem or matches no listing.',
  failed: 'The import could not be finished. Please try again later.',
  queueDown: 'Imports cannot be started right now. Please try again later.',
  columnNotInFile: 'That column is not in the file.',
  tooLarge: 'The file is larger than 900 KB. Please split it into smaller files.',
  fileLabel: 'CSV or Excel file',
  fileHint:
    'A CSV file or an Excel workbook (.xlsx; its first worksheet is read). At most 900 KB and 2,000 rows; the first row names the columns.',
  uploadForm: 'Upload a CSV or Excel file',
} as const;

/** Import's place search (decision 044, "Place search"): the circles offered, in miles (spec 03 §9's 10000 m is about 6). */
export const PLACE_IMPORT_RADII_MILES = [1, 3, 6, 15, 30] as const;
export const DEFAULT_PLACE_IMPORT_RADIUS_MILES = 6;
/** The longest search text: the places port's MAX_PLACE_QUERY_LENGTH (a test keeps them equal). */
export const PLACE_IMPORT_QUERY_MAX = 120;

export const PLACE_IMPORT_TEXTS = {
  query: 'Please type what to search for, e.g. restaurants.',
  tooLong: `Please search with at most ${PLACE_IMPORT_QUERY_MAX} characters.`,
  radius: 'Please choose a radius.',
  nothingFound: (query: string, miles: number) =>
    `No places matching “${query}” were found within ${miles} ${miles === 1 ? 'mile' : 'miles'} of the community.`,
  importOnly: 'Places can be searched on the Import page only.',
  source: (query: string, miles: number) => `Place search “${query}” within ${miles} ${miles === 1 ? 'mile' : 'miles'}`,
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
