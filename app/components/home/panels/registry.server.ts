import { appSetupPanel } from './app-setup.server';
import { addCommunityPanel, communitySetupPanel } from './community-setup.server';
import { headerImagesPanel } from './header-images.server';
import { integrationsPanel } from './integrations.server';
import { menuItemPanel } from './menu-item.server';
import type { PanelActionName, PanelServer } from './types';

/**
 * Server halves of the home route's right-column screens, by action. An action without an
 * entry shows the button tray.
 */
export const PANEL_SERVERS: Partial<Record<PanelActionName, PanelServer<any>>> = {
  'app-setup': appSetupPanel,
  integrations: integrationsPanel,
  'community-setup': communitySetupPanel,
  'add-community': addCommunityPanel,
  'header-images': headerImagesPanel,
  add: menuItemPanel,
  edit: menuItemPanel,
};
