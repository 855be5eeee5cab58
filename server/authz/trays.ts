import type { RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import type { TrayFlags } from '~/lib/trays';
import { canNotify, isLocationAdmin, type Access } from './access';

/**
 * The tray flags of spec 03 §6 for one person in one community (see app/lib/trays.ts for the
 * catalogue and `visibleTrays`):
 * isResortAdmin = resort system admin; isAdminForLocation = the current community is among the
 * admin locations; canSendNotification = it is among the can-notify locations; editLocations =
 * how many communities the person may edit; isAdminForApp = admin rights in any community (the
 * only app or any app); isSuperAdmin; plus the product's dollars flag and whether the request
 * is for the studio project.
 */
export function trayFlags(
  access: Access,
  community: string | null | undefined,
  options: { dollarsEnabled: boolean; isStudio: boolean },
): TrayFlags {
  return {
    isResortAdmin: access.isResortSystem,
    isAdminForLocation: isLocationAdmin(access, community),
    canSendNotification: canNotify(access, community),
    editLocationsCount: access.editLocations.length,
    isAdminForApp: access.adminLocations.length > 0,
    isSuperAdmin: access.isSuperAdmin,
    dollarsEnabled: options.dollarsEnabled,
    isStudio: options.isStudio,
  };
}

/** The product's dollars-enabled flag (`{product}/amc-dollars/config/enabled`); absent means off. */
export async function loadDollarsEnabled(deps: { db: RealtimeDb; paths: Pick<Paths, 'dollarsEnabled'> }): Promise<boolean> {
  return (await deps.db.ref(deps.paths.dollarsEnabled()).get()).val() === true;
}
