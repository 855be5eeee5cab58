import { projectForRequest, type ProjectConfig } from '@server/projects';
import { getServices } from '~/services.server';

export type { ProjectConfig } from '@server/projects';

/** The project the request's host names, with its startup configuration (spec 01 §7.4). */
export async function currentProject(request: Request): Promise<ProjectConfig> {
  const { env } = await getServices();
  return projectForRequest(request, env.PRODUCT);
}
