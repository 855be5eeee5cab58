import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../tests/setup/tmp';
import { projectConfig, projectForRequest, projectFromHost } from './projects';

describe('projectFromHost', () => {
  it.each([
    ['studio.console.example.com', 'studio'],
    ['studio.localhost:3000', 'studio'],
    ['Studio.Console.Example.com:443', 'studio'],
    ['console.example.com', 'amc'],
    ['example.com', 'amc'],
    ['www.example.com', 'amc'],
    ['localhost:3000', 'amc'],
    ['127.0.0.1:3210', 'amc'],
    ['[::1]:3000', 'amc'],
    ['', 'amc'],
  ])('%s → %s', (host, project) => {
    expect(projectFromHost(host, 'amc')).toBe(project);
  });
});

describe('projectConfig', () => {
  it('reads the shipped configurations', () => {
    expect(projectConfig('amc', 'amc')).toMatchObject({ project: 'amc', isStudio: false, signIn: { emailLink: true } });
    const studio = projectConfig('studio', 'amc');
    expect(studio.isStudio).toBe(true);
    expect(studio.studioDisabledFeatures).toEqual(
      expect.arrayContaining(['bookings', 'splashscreens', 'banner-ads', 'user-management', 'analytics', 'marketing']),
    );
  });

  it("falls back to the default project's configuration under the project's own name", () => {
    expect(projectConfig('pinehollow', 'amc')).toMatchObject({ project: 'pinehollow', isStudio: false });
  });

  it('names a broken configuration file', () => {
    const root = makeTempDir('projects');
    mkdirSync(root, { recursive: true });
    writeFileSync(join(root, 'broken.json'), '{"project":"broken"}');
    expect(() => projectConfig('broken', 'amc', root)).toThrow(/broken\.json is not a valid project configuration/);
  });

  it('follows the forwarded host of a proxied request', () => {
    const request = new Request('http://10.0.0.5:3000/login', { headers: { 'x-forwarded-host': 'studio.console.example.com' } });
    expect(projectForRequest(request, 'amc').project).toBe('studio');
  });
});
