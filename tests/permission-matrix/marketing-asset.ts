import type { Role } from '../setup/services';
import type { MatrixRow, Outcome } from './matrix';

/**
 * The marketing asset editor (spec 03 "Marketing asset editor"; §6: Marketing Asset Editor is
 * for system admins): the page, its intents and the server's PNG of the design, for the
 * session's community. Its images' uploads (`/uploads?bucket=marketing_asset_editor`) are in
 * matrix.ts with the upload route's lines; a save with a stored background image is the e2e
 * spec's (it needs an uploaded file).
 */

/** Resort system admins only (requireSystemAdmin): other staff 403 (as matrix.ts's SYSTEM_ONLY, which this module cannot import). */
const SYSTEM_ONLY = (outcome: Outcome): Record<Role, Outcome> => ({
  anonymous: 'login',
  editorA: 403,
  adminA: 403,
  editorB: 403,
  system: outcome,
  super: 403,
  remote: 'redirect:/detail/remote',
});

const PAGE = '/marketing/asset-editor';
const IMAGE = '/marketing/asset-editor/image.png';

/** The form as the page posts it, without images. */
const FORM: Record<string, string> = {
  title: 'INTRODUCING OUR MOBILE APP',
  subtitle: 'EVERYTHING YOU NEED IN THE PALM OF YOUR HAND',
  fontFamily: 'Arial',
  fontColor: '#ffffff',
  fontColorOpacity: '100',
  borderColor: '#ffffff',
  borderColorOpacity: '100',
  backgroundOverlayColor: '#000000',
  backgroundOverlayColorOpacity: '40',
  qrCodeVisibility: 'on',
  andMoreVisibility: 'on',
  bgUrl: '',
  logoUrl: '',
  phoneUrl: '',
  'features[0].name': 'Notifications',
  'features[0].icon': 'bell',
  'features[0].visibility': 'on',
  'features[1].name': 'Business listings',
  'features[1].icon': 'store',
  'features[2].name': 'Calendar',
  'features[2].icon': 'calendar',
};

export const MARKETING_ASSET_LINES: MatrixRow[] = [
  { request: { path: PAGE }, expected: SYSTEM_ONLY(200), note: 'the editor of the session community’s asset' },
  {
    request: { method: 'POST', path: PAGE, form: { intent: 'save', ...FORM } },
    expected: SYSTEM_ONLY(400),
    note: "no background image: 'Please select background image first before saving' (nothing written)",
  },
  {
    request: { method: 'POST', path: PAGE, form: { intent: 'save', ...FORM, bgUrl: 'https://elsewhere.example/bg.png' } },
    expected: SYSTEM_ONLY(400),
    note: 'an image address that is none of the community’s marketing images is refused',
  },
  {
    request: {
      method: 'POST',
      path: PAGE,
      form: { intent: 'save', ...FORM, bgUrl: '/files/another-community/images/marketing_asset_editor/1717200000000/bg_crop.png' },
    },
    expected: SYSTEM_ONLY(400),
    note: "an address of another community's marketing_asset_editor uploads is refused (only the community's own stored files count)",
  },
  {
    request: {
      method: 'POST',
      path: PAGE,
      form: { intent: 'preview', ...FORM, bgUrl: '/files/demo-campground/images/marketing_asset_editor/1717200000000/none_crop.png' },
    },
    expected: SYSTEM_ONLY(400),
    note: "an address of the community's own uploader bucket that names no stored file is refused",
  },
  { request: { method: 'POST', path: PAGE, form: { intent: 'preview', ...FORM } }, expected: SYSTEM_ONLY(200), note: 'Update Preview' },
  { request: { method: 'POST', path: PAGE, form: { intent: 'remove-bg', ...FORM } }, expected: SYSTEM_ONLY(200) },
  { request: { method: 'POST', path: PAGE, form: { intent: 'remove-logo', ...FORM } }, expected: SYSTEM_ONLY(200) },
  { request: { method: 'POST', path: PAGE, form: { intent: 'remove-phone', ...FORM } }, expected: SYSTEM_ONLY(200) },
  { request: { path: IMAGE }, expected: SYSTEM_ONLY(200), note: 'the saved design as 900×900 PNG, drawn in the worker pool' },
  {
    request: { path: `${IMAGE}?${new URLSearchParams({ ...FORM, title: 'Matrix' }).toString()}` },
    expected: SYSTEM_ONLY(200),
    note: 'the design of the form in the query (the preview without JavaScript)',
  },
  {
    request: { path: `${IMAGE}?${new URLSearchParams({ ...FORM, fontFamily: 'Wingdings' }).toString()}` },
    expected: SYSTEM_ONLY(400),
  },
  { request: { path: `${IMAGE}?scale=3&download=1` }, expected: SYSTEM_ONLY(200), note: 'the 2700×2700 download' },
];
