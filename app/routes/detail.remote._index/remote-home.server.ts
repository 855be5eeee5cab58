import { redirect } from '@remix-run/node';
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
  // Spec 03: straight to the one listing when the person manages exactly one (its editor).
  const [only, ...others] = access.remoteGrants;
  // `?all=1` shows this page anyway: the remote pages' way back here, where Log Out is.
  const all = new URL(request.url).searchParams.get('all') === '1';
  if (!all && only && others.length === 0 && only.editInfo && (only.type === '' || only.type === 'business')) {
    throw redirect(`/detail/remote/id/${encodeURIComponent(only.detailId)}`);
  }
  const [services, project] = await Promise.all([getServices(), currentProject(request)]);
  return {
    appTitle: project.appTitle,
    logo: project.logo,
    email: user.email,
    listings: await loadRemoteListings(services, access),
  };
}
