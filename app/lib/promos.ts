/**
 * Splash screens and banner ads (spec 01 §1 "admins manage … splash screens and banner ads";
 * spec 02 "Listing routes" context splashscreen, §7 "delete splash screens across apps; ads pages
 * update"; spec 03 §6 Administrative tray, §9 default item shape "banner ad / splash / email
 * template (title, url, drawable, pages)"): what the browser and the server share. Isomorphic.
 *
 * - A splash screen is shown when an app opens. Its `pages` are the apps (communities) that show
 *   it: the same record, under the same key, is kept in each of them, so deleting it removes it
 *   across apps.
 * - A banner ad is shown on listing pages of its community. Its `pages` are those pages: the
 *   uniqueIds of the community's menu items that open a list.
 */

export type PromoKind = 'splashscreen' | 'ads';

export const PROMO_KINDS: readonly PromoKind[] = ['splashscreen', 'ads'];

export interface PromoTexts {
  title: string;
  itemName: string;
  emptyMessage: string;
  loadingText: string;
  /** The tray button's id (app/lib/trays.ts), as the studio's configuration lists it. */
  feature: string;
  addLabel: string;
  pagesLabel: string;
  pagesHint: string;
  noPages: string;
  imageLabel: string;
  imageHint: string;
  intro: string;
  added: string;
  saved: string;
  deleted: string;
  deleteTitle: string;
  deleteText: string;
  gone: string;
}

export const PROMO_TEXTS: Record<PromoKind, PromoTexts> = {
  splashscreen: {
    title: 'Splash Screens',
    itemName: 'Splash Screen',
    emptyMessage: 'There are no splash screens yet.',
    loadingText: 'Loading splash screens',
    feature: 'splashscreens',
    addLabel: 'Add Splash Screen',
    pagesLabel: 'Apps',
    pagesHint: 'The apps that show this splash screen when they open. This app always does.',
    noPages: 'You manage no other apps.',
    imageLabel: 'Splash Image',
    imageHint: 'PNG or JPEG, shown full screen on a phone (1242x2688 px).',
    intro:
      'Splash screens show when the app opens. One splash screen can be shown by several apps; deleting it removes it from all of them.',
    added: 'The splash screen has been added.',
    saved: 'The splash screen has been saved.',
    deleted: 'The splash screen has been deleted from every app that showed it.',
    deleteTitle: 'Delete Splash Screen',
    deleteText: 'This splash screen will be removed from every app that shows it. This cannot be undone.',
    gone: 'This splash screen no longer exists. It may have been deleted by someone else.',
  },
  ads: {
    title: 'Banner Ads',
    itemName: 'Banner Ad',
    emptyMessage: 'There are no banner ads yet.',
    loadingText: 'Loading banner ads',
    feature: 'banner-ads',
    addLabel: 'Add Banner Ad',
    pagesLabel: 'Pages',
    pagesHint: 'The listing pages of the app that show this banner ad.',
    noPages: 'The app has no listing pages yet.',
    imageLabel: 'Banner Image',
    imageHint: 'PNG or JPEG, shown across a listing page (1280x200 px).',
    intro: 'Banner ads show on the listing pages you choose; a tap opens their website.',
    added: 'The banner ad has been added.',
    saved: 'The banner ad has been saved.',
    deleted: 'The banner ad has been deleted.',
    deleteTitle: 'Delete Banner Ad',
    deleteText: 'This banner ad will be removed from every page that shows it. This cannot be undone.',
    gone: 'This banner ad no longer exists. It may have been deleted by someone else.',
  },
};

/** The stored image's size (width / height is the cropper's aspect). */
export const PROMO_IMAGE_SIZE: Record<PromoKind, { width: number; height: number }> = {
  splashscreen: { width: 1242, height: 2688 },
  ads: { width: 1280, height: 200 },
};

/** The upload bucket of each kind (server/images/uploads.ts UPLOAD_BUCKETS). */
export const PROMO_UPLOAD_BUCKET: Record<PromoKind, 'splashscreen' | 'ads'> = { splashscreen: 'splashscreen', ads: 'ads' };

/** The file and crop fields of the uploader without JavaScript. */
export const PROMO_FILE_FIELD = 'drawableFile';
export const PROMO_CROP_FIELD = 'drawableCrop';

/** The most pages (apps, listing pages) one item names. */
export const MAX_PROMO_PAGES = 200;
/** The most items one list reads. */
export const MAX_PROMO_ITEMS = 2000;

export const isPromoKind = (value: unknown): value is PromoKind => value === 'splashscreen' || value === 'ads';
