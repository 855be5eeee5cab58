import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createPaths } from '@server/paths';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const firebaseJson = JSON.parse(readFileSync(here('./firebase.json'), 'utf8'));
const rules = JSON.parse(readFileSync(here('./database.rules.json'), 'utf8')).rules;
const paths = createPaths('amc');

type RulesNode = { [key: string]: unknown };

/** The rules node governing a path: named children first, else the level's $wildcard. */
function rulesAt(path: string): RulesNode | undefined {
  let node: RulesNode | undefined = rules;
  for (const segment of path.split('/')) {
    if (!node) return undefined;
    const named = node[segment] as RulesNode | undefined;
    const wildcard = Object.keys(node).find((key) => key.startsWith('$'));
    node = named ?? (wildcard ? (node[wildcard] as RulesNode) : undefined);
  }
  return node;
}

const indexesAt = (path: string): string[] => (rulesAt(path)?.['.indexOn'] as string[] | undefined) ?? [];

describe('firebase.json', () => {
  it('names the rules files and the emulator ports', () => {
    expect(firebaseJson.database.rules).toBe('database.rules.json');
    expect(firebaseJson.storage.rules).toBe('storage.rules');
    expect(firebaseJson.emulators.database.port).toBe(9000);
    expect(firebaseJson.emulators.storage.port).toBe(9199);
  });
});

describe('database.rules.json', () => {
  it('lets only the console server read and write', () => {
    expect(rules['.read']).toBe("auth != null && auth.uid === 'community-console'");
    expect(rules['.write']).toBe(rules['.read']);
    const nested = JSON.stringify(rules['$product']);
    expect(nested).not.toMatch(/"\.(read|write)"/);
  });

  it('has one $wildcard at most per level', () => {
    const visit = (node: RulesNode, where: string) => {
      const wildcards = Object.keys(node).filter((key) => key.startsWith('$'));
      expect(wildcards.length, where).toBeLessThanOrEqual(1);
      for (const [key, child] of Object.entries(node)) {
        if (key.startsWith('.')) continue;
        visit(child as RulesNode, `${where}/${key}`);
      }
    };
    visit(rules, '');
  });

  it.each([
    [paths.calendarEvents('demo-campground', 'activities'), ['startDate', 'recurrenceId', 'calendarId']],
    [paths.calendarConfigs('demo-campground'), ['title']],
    [paths.legacyEvents('demo-campground', 'events-resort'), ['startDate', 'title', 'calendarId']],
    [paths.legacyEvents('demo-campground', 'events-local'), ['startDate', 'title', 'calendarId']],
    [paths.messages('demo-campground'), ['deliveryTime']],
    [paths.scheduledMessages('demo-campground'), ['deliveryTime', 'eventId']],
    [paths.systemMessages(), ['deliveryTime']],
    [paths.systemScheduledMessages(), ['eventId', 'deliveryTime']],
    [paths.topics('demo-campground'), ['type']],
    [paths.systemTopics(), ['type']],
    [paths.menu('demo-campground', 'main-menu'), ['uniqueId']],
    [paths.menu('demo-campground', 'activities-submenu'), ['uniqueId', 'id']],
    [paths.customForms('demo-campground'), ['type']],
    [paths.section('demo-campground', 'dining-resort'), ['id', 'ordinal']],
    [paths.locations('demo-campground'), ['ordinal']],
    [paths.storeItems('demo-campground'), ['ordinal']],
    [paths.locationTemplates(), ['type']],
    [paths.googleEventImports('demo-campground'), ['startDate', 'eventContext']],
    [paths.flyersGenerated('demo-campground'), ['created']],
    [paths.aiPrompts('u1', 'demo-campground', 'events'), ['date']],
    [paths.dollarsRecords('businesses'), ['currentDollars']],
    [paths.entries('demo-campground', 'custom-forms', 'rsvp-standard'), ['eventId', 'completed', 'createDate']],
    [paths.orders('demo-campground'), ['orderTime']],
    [paths.communities(), ['title']],
    [paths.emailQueue(), ['status']],
    [paths.outbox(), ['createdAt']],
    [paths.session('id').replace(/\/id$/, ''), ['expiresAt', 'data/uid']],
    [paths.authToken('id').replace(/\/id$/, ''), ['expiresAt', 'uid']],
  ])('indexes %s on %j', (path, fields) => {
    const indexes = indexesAt(path);
    for (const field of fields) expect(indexes, `${path} .indexOn`).toContain(field);
  });
});

describe('storage.rules', () => {
  it('is a version 2 rules file that denies by default', () => {
    const text = readFileSync(here('./storage.rules'), 'utf8');
    expect(text).toMatch(/^rules_version = '2';/);
    expect(text).toContain('allow read, write: if false;');
    expect(text).not.toMatch(/allow\s+write:\s*if\s+true/);
  });
});
