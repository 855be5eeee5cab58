import { projectForRequest, type ProjectConfig } from '@server/projects';
import { getServices } from '@server/services';
import { hrefs } from '~/lib/hrefs';

/** The frame of a remote page: the project's brand and a way to leave (no Log Out on remote pages). */
export interface RemoteFrameData {
  appTitle: string;
  logo: string;
  /** The signed-in manager's listings, else (a link, no account) the page saying they have left. */
  leaveHref: string;
  leaveLabel: string;
}

/** The frame for a page opened by a signed-in manager (an e-mail grant) or by a link (a URL grant). */
export function remoteFrameOf(project: Pick<ProjectConfig, 'appTitle' | 'logo'>, signedIn: boolean): RemoteFrameData {
  return {
    appTitle: project.appTitle,
    logo: project.logo,
    leaveHref: signedIn ? hrefs.remoteHome({ all: 1 }) : hrefs.remoteLeft(),
    leaveLabel: signedIn ? 'Your remote access' : 'Leave this page',
  };
}

/** The frame of a remote page: by detail id (e-mail access, signed in) or by the link's uuid. */
export async function remoteFrame(request: Request, params: Record<string, string | undefined>): Promise<RemoteFrameData> {
  const { env } = await getServices();
  return remoteFrameOf(projectForRequest(request, env.PRODUCT), params.detailId !== undefined);
}
