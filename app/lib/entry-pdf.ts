/**
 * The words of a form entry's PDF (server/entries/pdf.ts) and of its job on the job-status page:
 * shared by the job's declaration and the screens, so the browser has them too.
 */
export const ENTRY_PDF_TEXTS = {
  jobTitle: 'Form Entry PDF',
  download: 'Download PDF',
  summary: (pages: number) => (pages === 1 ? 'The PDF of the entry has 1 page.' : `The PDF of the entry has ${pages} pages.`),
  gone: 'This entry no longer exists.',
  failed: 'The PDF could not be made. Try again in a few minutes.',
  cannotQueue: 'The PDF cannot be made right now. Try again in a minute.',
  imageForeign: 'The image is not a file of this community, so it is left out.',
  imageMissing: 'The image could not be found, so it is left out.',
  imageTooLarge: 'The image is too large to include, so it is left out.',
  imageUnreadable: 'The image could not be read, so it is left out.',
  imagesLimit: 'This entry has more images than a PDF takes; the rest are left out.',
  answerCut: (characters: number) => `(${characters.toLocaleString('en-US')} more characters of this answer are left out.)`,
} as const;
