/**
 * The texts of the entries export (spec 02 §4 "Analytics / export", §5, §8): shared by the
 * entries screen, its action and the export job's status declaration.
 */
export const EXPORT_TEXTS = {
  export: 'Export',
  exportPhotos: 'Export Photos',
  exportFiles: 'Export Files',
  /** Spec 02 §5 and §8: "No data to export" (title Error). */
  noDataTitle: 'Error',
  noData: 'No data to export',
  /** Spec 02 §8: export success. */
  success: 'Data was exported successfully. Click Download button to start downloading zip file',
  /** Spec 02 §8: a zip export's failure. */
  failed: 'An error occurred while exporting. Please try again later',
  /** Spec 02 §8: the export took too long (too many files). */
  tooManyFiles: 'There are too many files to process. Please contact your provider.',
  /** Spec 02 §8: the export ended without a file to download. */
  noFile: 'Error retrieving zipped file.',
  gone: 'This form no longer exists.',
  download: 'Download',
  jobTitle: 'Export',
  waitingTitle: 'Exporting',
  close: 'Close',
  ok: 'OK',
  selectionUnreadable: 'The selection could not be read. Reload the list and select again.',
} as const;

/** The listing actions of spec 02 §4 as the entries screen's intents, and what each exports. */
export const EXPORT_INTENTS = {
  export: 'data',
  'export-photos': 'photos',
  'export-files': 'files',
} as const;

export type ExportIntent = keyof typeof EXPORT_INTENTS;

export const summaryLine = (kind: string, entries: number, files: number): string =>
  kind === 'data'
    ? `${entries} ${entries === 1 ? 'entry' : 'entries'} as CSV and spreadsheet.`
    : `${files} ${files === 1 ? 'file' : 'files'} of ${entries} ${entries === 1 ? 'entry' : 'entries'}.`;
