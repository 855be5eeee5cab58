import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Projects: one deployment serves several app projects, told apart by the host's subdomain
 * (`studio.console.example.com` → `studio`); any other host serves the default project, the
 * configured product. Each project's startup configuration is the static file
 * `public/accounts/{project}.json`, which the browser can also GET at `/accounts/{project}.json`.
 */

export const ProjectConfigSchema = z.object({
  project: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  appTitle: z.string().min(1),
  /** The studio project: prospective customers; some features are only shown as unavailable. */
  isStudio: z.boolean(),
  logo: z.string().min(1),
  signIn: z.object({
    password: z.boolean(),
    /** Offered only when Google credentials are configured as well. */
    google: z.boolean(),
    /** The e-mailed sign-in link option. */
    emailLink: z.boolean(),
  }),
  /** Tray button ids that open the 'Feature Unavailable' dialog in this project. */
  studioDisabledFeatures: z.array(z.string()).max(500),
  /** Where 'Feature Unavailable' sends people to schedule a demo. */
  demoUrl: z.string().url().nullable(),
  /** A help-desk widget script injected at startup, when the project has one. */
  helpDesk: z.object({ scriptUrl: z.string().url() }).nullable(),
});

export type ProjectConfig = z.infer<typeof ProjectConfigSchema>;

const NOT_SUBDOMAINS = new Set(['www', 'localhost', 'app', 'admin', 'console']);

/** The project a host names: its first label when the host has a subdomain, else the default. */
export function projectFromHost(host: string | null | undefined, defaultProject: string): string {
  if (!host) return defaultProject;
  const name = host.replace(/:\d+$/, '').toLowerCase();
  if (/^[\d.]+$/.test(name) || name.startsWith('[')) return defaultProject; // an IP address
  const labels = name.split('.');
  if (labels.length < 3 && !(labels.length === 2 && labels[1] === 'localhost')) return defaultProject;
  const [first = ''] = labels;
  if (NOT_SUBDOMAINS.has(first) || !/^[a-z0-9][a-z0-9-]*$/.test(first)) return defaultProject;
  return first;
}

const cache = new Map<string, ProjectConfig | null>();

function readConfig(project: string, root: string): ProjectConfig | null {
  const cacheKey = `${root}:${project}`;
  if (cache.has(cacheKey)) return cache.get(cacheKey)!;
  let config: ProjectConfig | null = null;
  try {
    config = ProjectConfigSchema.parse(JSON.parse(readFileSync(resolve(root, `${project}.json`), 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`public/accounts/${project}.json is not a valid project configuration: ${(error as Error).message}`);
    }
  }
  cache.set(cacheKey, config);
  return config;
}

/**
 * The startup configuration of a project; a project without its own file uses the default
 * project's (under its own name).
 */
export function projectConfig(project: string, defaultProject: string, root = resolve('public/accounts')): ProjectConfig {
  const own = readConfig(project, root);
  if (own) return own;
  const fallback = readConfig(defaultProject, root);
  if (!fallback)
    throw new Error(`public/accounts/${defaultProject}.json is missing: every deployment needs its default project's configuration.`);
  return { ...fallback, project };
}

/** The project and its configuration for a request. */
export function projectForRequest(request: Request, defaultProject: string): ProjectConfig {
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? new URL(request.url).host;
  return projectConfig(projectFromHost(host, defaultProject), defaultProject);
}
