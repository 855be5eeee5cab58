import type { PanelActionName, PanelServer } from './types';

/**
 * Server halves of the home route's right-column screens, by action. An action without an
 * entry shows the button tray.
 */
export const PANEL_SERVERS: Partial<Record<PanelActionName, PanelServer<any>>> = {};
