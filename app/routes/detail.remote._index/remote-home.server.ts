import { requireRemoteManager } from '@server/authz';
import { loadRemoteListings, type RemoteListing } from '@server/remote/home';
import { currentProject } from '~/components/shell/project.server';
import { getServices } from '~/services.server';

export interface RemoteHomeData {
  appTitle: string;
  logo: string;
  email: string;
  listings: RemoteListing[];
}

/** /detail/remote: signed-in remote managers only (staff go home, people without rights get the no-access dialog). */
export async function loadRemoteHome(request: Request): Promise<RemoteHomeData> {
  const { user, access } = await requireRemoteManager(request);
  const [services, project] = await Promise.all([getServices(), currentProject(request)]);
  return {
    appTitle: project.appTitle,
    logo: project.logo,
    email: user.email,
    listings: await loadRemoteListings(services, access),
  };
}
