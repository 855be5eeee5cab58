import type { ComponentType } from 'react';
import { AppSetupPanel } from './app-setup';
import { AddCommunityPanel, CommunitySetupPanel } from './community-setup';
import { HeaderImagesPanel } from './header-images';
import { IntegrationsPanel } from './integrations';
import { MenuItemPanel } from './menu-item';
import type { PanelActionName } from './types';

/**
 * The UI of each right-column screen, by action; it receives its panel loader's data and the
 * route's action data (validation results).
 */
export interface PanelProps<LoaderData = any, ActionData = any> {
  data: LoaderData;
  actionData: ActionData | undefined;
}

export const PANEL_VIEWS: Partial<Record<PanelActionName, ComponentType<PanelProps>>> = {
  'app-setup': AppSetupPanel,
  integrations: IntegrationsPanel,
  'community-setup': CommunitySetupPanel,
  'add-community': AddCommunityPanel,
  'header-images': HeaderImagesPanel,
  add: MenuItemPanel,
  edit: MenuItemPanel,
};
