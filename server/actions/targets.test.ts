import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_MESSAGES, EMPTY_ACTION, type ActionFormValue } from '~/lib/actions';
import { COMMUNITY_A, COMMUNITY_B, openDemoDb, type DemoDb } from '../../tests/setup/services';
import { actionTargetProblem, loadActionTargets, targetMissing, type ActionTargets } from './targets';

let demo: DemoDb;
let targets: ActionTargets;
const communities = [
  { key: COMMUNITY_A, title: 'Pine Hollow' },
  { key: COMMUNITY_B, title: 'Maple Falls' },
];

beforeAll(async () => {
  demo = await openDemoDb('action-targets');
  targets = await loadActionTargets(demo, communities);
});

afterAll(async () => {
  await demo.db.close();
});

const value = (fields: Partial<ActionFormValue>): ActionFormValue => ({ ...EMPTY_ACTION, ...fields });

describe('action targets from the database', () => {
  it('lists the communities given, in their order', () => {
    expect(targets.communities).toEqual(communities);
  });

  it('reads store items, forms, bookings, hunts, maps, calendars and main-menu items with their titles', () => {
    expect(targets.byAction.store).toContainEqual({ key: 'firewood-bundle', title: 'Firewood Bundle', community: COMMUNITY_A });
    expect(targets.byAction.form).toContainEqual({ key: 'visitor-registration', title: 'Visitor Registration', community: COMMUNITY_A });
    expect(targets.byAction.booking).toContainEqual({ key: 'tennis-court', title: 'Tennis Court', community: COMMUNITY_A });
    expect(targets.byAction.hunt).toContainEqual({ key: 'nature-trail-hunt', title: 'Hollow Creek Nature Hunt', community: COMMUNITY_A });
    expect(targets.byAction.searchablemap).toContainEqual({ key: 'resort-site-map', title: 'Resort Site Map', community: COMMUNITY_A });
    expect(targets.byAction['amc-events']).toContainEqual({ key: 'activities', title: 'Activities', community: COMMUNITY_A });
    expect(targets.byAction.mainMenu).toContainEqual({ key: 'activities', title: 'Activities', community: COMMUNITY_A });
    // The town's records come too.
    expect(targets.byAction.form?.some((target) => target.community === COMMUNITY_B)).toBe(true);
    expect(targets.byAction.website).toBeUndefined();
  });

  it('sorts each list by community, then title', () => {
    for (const list of Object.values(targets.byAction)) {
      const sorted = [...list].sort(
        (a, b) => a.community.localeCompare(b.community) || a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }),
      );
      expect(list.map((target) => target.key)).toEqual(sorted.map((target) => target.key));
    }
  });

  it('reads only the communities it is given', async () => {
    const only = await loadActionTargets(demo, [{ key: COMMUNITY_B, title: 'Maple Falls' }]);
    expect(
      Object.values(only.byAction)
        .flat()
        .every((target) => target.community === COMMUNITY_B),
    ).toBe(true);
    const bad = await loadActionTargets(demo, [{ key: 'a/b', title: 'Bad' }]);
    expect(bad.communities).toEqual([]);
  });

  it('finds File items in the main menu and its submenus, by address', async () => {
    const community = 'targets-files';
    await demo.db.ref(demo.paths.menu(community, 'main-menu')).set([
      { id: 'guide', name: 'Park Guide', type: 'website', fromFile: true, url: '/files/targets-files/guide.pdf', uniqueId: 'guide' },
      { id: 'web', name: 'Website', type: 'website', url: 'https://pine.example', uniqueId: 'web' },
      { id: 'more', name: 'More', type: 'categorygrid', uniqueId: 'more' },
    ]);
    await demo.db
      .ref(demo.paths.menu(community, 'more'))
      .set([{ id: 'rules', name: 'Pool Rules', type: 'website', fromFile: true, url: 'https://cdn.example/rules.pdf', uniqueId: 'rules' }]);
    const own = await loadActionTargets(demo, [{ key: community, title: 'Files' }]);
    expect(own.byAction.file).toEqual([
      { key: '/files/targets-files/guide.pdf', title: 'Park Guide', community },
      { key: 'https://cdn.example/rules.pdf', title: 'Pool Rules', community },
    ]);
    expect(own.byAction.mainMenu?.map((target) => target.key)).toEqual(['more', 'guide', 'web']);
    expect(own.byAction.store).toEqual([]);
  });
});

describe('action target check', () => {
  it('accepts a record that exists, in the chosen community or any', () => {
    expect(actionTargetProblem(targets, value({ action: 'store', key: 'firewood-bundle', communityKey: COMMUNITY_A }))).toBeNull();
    expect(actionTargetProblem(targets, value({ action: 'store', key: 'firewood-bundle' }))).toBeNull();
  });

  it('refuses a record that does not exist, or lives in another community', () => {
    expect(actionTargetProblem(targets, value({ action: 'store', key: 'nothing-here', communityKey: COMMUNITY_A }))).toBe(
      targetMissing('store'),
    );
    expect(actionTargetProblem(targets, value({ action: 'store', key: 'firewood-bundle', communityKey: COMMUNITY_B }))).toBe(
      targetMissing('store'),
    );
    expect(targetMissing('hunt')).toBe('This scavenger hunt no longer exists. Choose another.');
  });

  it('refuses a community the person does not have', () => {
    expect(actionTargetProblem(targets, value({ action: 'form', key: 'visitor-registration', communityKey: 'elsewhere' }))).toBe(
      ACTION_MESSAGES.communityRequired,
    );
  });

  it('has nothing to say about typed keys or no action', () => {
    expect(actionTargetProblem(targets, value({ action: 'website', key: 'https://pine.example' }))).toBeNull();
    expect(actionTargetProblem(targets, EMPTY_ACTION)).toBeNull();
  });
});
