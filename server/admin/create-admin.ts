/**
 * The first sign-in of a new deployment (README "Deployment"):
 *
 *   npm run create-admin -- --email you@example.com --community "Pine Hollow RV Resort" \
 *     [--type resort|municipality|school] [--time-zone America/New_York] [--name "Your Name"] [--system-admin]
 *
 * Makes the community (unless one with that title exists) and the account, makes the account
 * admin of that community only (resort system admin of every community only with
 * --system-admin), and prints a single-use link to
 * choose its password. Run it where the web server's environment is (same DATA_DIR or Firebase
 * variables, and PUBLIC_URL for the link's address).
 */
import { parseArgs } from 'node:util';
import { getEnv, linkOrigin, publicUrlProblem } from '../env';
import { closeServices, getServices } from '../services';
import { createFirstAdmin, FirstAdminError } from './first-admin';

const USAGE =
  'Usage: npm run create-admin -- --email you@example.com --community "Community title" ' +
  '[--type resort|municipality|school] [--time-zone America/New_York] [--name "Your Name"] [--system-admin]';

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      email: { type: 'string' },
      community: { type: 'string' },
      type: { type: 'string' },
      'time-zone': { type: 'string' },
      name: { type: 'string' },
      'system-admin': { type: 'boolean' },
    },
    strict: true,
  }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}

const env = getEnv();
const problem = publicUrlProblem(env);
if (problem) {
  console.error(problem);
  process.exit(2);
}
const origin = linkOrigin(env);
const services = await getServices();
try {
  const result = await createFirstAdmin(
    services,
    {
      email: options.email ?? '',
      community: options.community ?? '',
      communityType: (options.type ?? 'resort') as 'resort',
      timeZone: options['time-zone'] ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      displayName: options.name,
      systemAdmin: options['system-admin'] === true,
    },
    origin,
  );
  const community = `the ${result.communityCreated ? 'new ' : ''}community "${result.communityKey}"`;
  const rights = result.systemAdmin ? `admin of ${community} and resort system admin of every community` : `admin of ${community} only`;
  console.log(result.accountCreated ? `Created the account ${result.email}, ${rights}.` : `The account ${result.email} is now ${rights}.`);
  const within = result.validForMs ? ` within ${Math.round(result.validForMs / 60_000)} minutes` : '';
  console.log(`Choose its password${within} at this single-use link, then log in:\n\n  ${result.passwordLink}\n`);
  if (!env.SUPER_ADMIN_EMAILS.includes(result.email)) {
    console.log(`To let it see App Setup and Integrations too, add ${result.email} to SUPER_ADMIN_EMAILS.`);
  }
} catch (error) {
  if (!(error instanceof FirstAdminError)) throw error;
  console.error(`${error.message}\n${USAGE}`);
  process.exitCode = 2;
} finally {
  await closeServices();
}
