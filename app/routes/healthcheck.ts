import { checkHealth } from '@server/health';
import { getServices } from '~/services.server';

/**
 * Database and Redis status for load balancers and people: 200 while pages can be served, 503
 * while the database does not answer or start-up (seeding the demo data) is not done.
 */
export async function loader() {
  const report = await checkHealth(await getServices());
  return Response.json(report, {
    status: report.status === 'down' || report.status === 'starting' ? 503 : 200,
    headers: { 'Cache-Control': 'no-store' },
  });
}
