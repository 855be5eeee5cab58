import type { LeftColumnState } from './left-column-state';
import type { TrayView } from './tray-types';

/** What the signed-in shell's loader answers (routes/_app): the community, the project's logo, the trays and the left column. */
export interface ShellData {
  community: {
    key: string;
    /** The community's name in the header bar and the page title (displayName, else name, else title). */
    name: string;
    /** The community's drawer logo; null when it has none (the project's logo shows). */
    logo: string | null;
    colorBackground: string;
    colorOnBackground: string;
  };
  /** The project's logo (public/accounts/{project}.json). */
  appLogo: string;
  trays: TrayView[];
  leftColumn: LeftColumnState;
  /** The button whose 'Feature Unavailable' dialog the address asks for. */
  unavailableFeature: string | null;
  demoUrl: string | null;
}
