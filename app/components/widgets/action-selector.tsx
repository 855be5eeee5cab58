import { Flex, Text } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ErrorList } from '~/components/forms/error-list';
import {
  ACTION_LABELS,
  ACTIONS,
  allowsWebview,
  isTargetAction,
  isTextKeyAction,
  TARGET_ACTIONS,
  targetOptionValue,
  type ActionFormValue,
  type ActionKind,
  type TargetActionKind,
  type ActionTarget,
  type ActionTargets,
} from '~/lib/actions';
import type { WidgetErrors } from './widget-errors';

/** The label of the typed key for each action that has one. */
const KEY_LABELS: Record<'website' | 'call' | 'mailto', string> = {
  website: 'Web Address',
  call: 'Phone Number',
  mailto: 'Email Address',
};
const KEY_PLACEHOLDERS: Record<'website' | 'call' | 'mailto', string> = {
  website: 'https://…',
  call: '(555) 555-5555',
  mailto: 'name@example.com',
};

/**
 * The action selector (spec 03 §3 action values, §4 action choice, §5 rules): the action, then
 * what it opens. Without JavaScript every control renders (a typed key for Website, Call and
 * Email; one select of every record, grouped by action; the community when there are several;
 * the web view box) and the server keeps the control of the chosen action. With JavaScript only
 * the relevant controls show, and changing the action clears key and params.
 * Field names: `{name}.action`, `.key`, `.target`, `.communityKey`, `.webview`, `.params`,
 * `.previousAction`.
 */
export function ActionSelector({
  name,
  defaultValue,
  targets,
  allowed = ACTIONS,
  errors,
  legend = 'Action',
}: {
  name: string;
  defaultValue: ActionFormValue;
  targets: ActionTargets;
  allowed?: readonly ActionKind[];
  errors?: WidgetErrors;
  legend?: string;
}) {
  const hydrated = useHydrated();
  const id = useId();
  const [action, setAction] = useState<ActionKind | ''>(defaultValue.action);
  const [key, setKey] = useState(isTargetAction(defaultValue.action) ? '' : defaultValue.key);
  const initialTarget =
    isTargetAction(defaultValue.action) && defaultValue.key !== ''
      ? targetOptionValue(defaultValue.action, targetCommunity(targets, defaultValue), defaultValue.key)
      : '';
  const [target, setTarget] = useState(initialTarget);
  const [communityKey, setCommunityKey] = useState(defaultValue.communityKey);
  const [webview, setWebview] = useState(defaultValue.webview);
  const [params, setParams] = useState(defaultValue.params);

  const several = targets.communities.length > 1;
  const communityTitle = (key: string) => targets.communities.find((community) => community.key === key)?.title ?? key;
  const targetActions = TARGET_ACTIONS.filter((kind) => allowed.includes(kind));
  const hasTextActions = allowed.some((kind) => isTextKeyAction(kind));
  const hasWebviewActions = allowed.some((kind) => allowsWebview(kind));

  // Shown with JavaScript only when they matter; without it, all of them.
  const showKey = hasTextActions && (!hydrated || isTextKeyAction(action));
  const showTarget = targetActions.length > 0 && (!hydrated || isTargetAction(action));
  const showCommunity = several && targetActions.length > 0 && (!hydrated || isTargetAction(action));
  const showWebview = hasWebviewActions && (!hydrated || allowsWebview(action));

  const onActionChange = (next: ActionKind | '') => {
    setAction(next);
    // Spec 03 §4: changing the action clears key and params.
    setKey('');
    setTarget('');
    setParams('');
    if (!allowsWebview(next)) setWebview(false);
  };

  const field = (part: string) => `${name}.${part}`;
  const errorsOf = (part: string) => errors?.[field(part)];
  const ids = { action: `${id}-action`, key: `${id}-key`, target: `${id}-target`, community: `${id}-community`, webview: `${id}-webview` };
  const described = (part: string, extra?: string, shown = true) =>
    [errorsOf(part) && shown ? `${id}-${part}-errors` : '', extra ?? ''].filter(Boolean).join(' ') || undefined;

  const keyLabel = hydrated && isTextKeyAction(action) ? KEY_LABELS[action] : 'Web Address, Phone Number or Email Address';
  const keyPlaceholder = hydrated && isTextKeyAction(action) ? KEY_PLACEHOLDERS[action] : undefined;
  const groups = targetGroups(targets, targetActions, hydrated ? action : '', hydrated ? communityKey : '');
  const current = isTargetAction(defaultValue.action) && defaultValue.key !== '' ? defaultValue : null;
  const currentMissing =
    current !== null &&
    !(targets.byAction[current.action as TargetActionKind] ?? []).some(
      (entry) => entry.key === current.key && (current.communityKey === '' || entry.community === current.communityKey),
    );

  return (
    <fieldset className="action-selector" data-testid="action-selector">
      <legend>
        <Text size="2" weight="medium">
          {legend}
        </Text>
      </legend>
      <input type="hidden" name={field('previousAction')} value={defaultValue.action} />
      <input type="hidden" name={field('params')} value={params} />
      <Flex direction="column" gap="2">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" htmlFor={ids.action}>
            Action
          </Text>
          <select
            id={ids.action}
            name={field('action')}
            className="form-control"
            value={action}
            onChange={(event) => onActionChange(event.currentTarget.value as ActionKind | '')}
            aria-invalid={errorsOf('action') ? true : undefined}
            aria-describedby={described('action')}
          >
            <option value="">No action</option>
            {allowed.map((kind) => (
              <option key={kind} value={kind}>
                {ACTION_LABELS[kind]}
              </option>
            ))}
          </select>
          <ErrorList id={`${id}-action-errors`} errors={errorsOf('action')} />
        </Flex>

        {showKey ? (
          <Flex direction="column" gap="1">
            <Text as="label" size="2" htmlFor={ids.key}>
              {keyLabel}
            </Text>
            <input
              id={ids.key}
              type="text"
              name={field('key')}
              className="form-control"
              value={key}
              onChange={(event) => setKey(event.currentTarget.value)}
              placeholder={keyPlaceholder}
              autoComplete="off"
              inputMode={
                hydrated && action === 'call'
                  ? 'tel'
                  : hydrated && action === 'mailto'
                    ? 'email'
                    : hydrated && action === 'website'
                      ? 'url'
                      : undefined
              }
              aria-invalid={errorsOf('key') && !isTargetAction(action) ? true : undefined}
              aria-describedby={described('key', hydrated ? undefined : `${id}-key-hint`, !isTargetAction(action))}
            />
            {hydrated ? null : (
              <Text id={`${id}-key-hint`} size="1" color="gray">
                For the Website, Call and Email actions.
              </Text>
            )}
            {isTargetAction(action) ? null : <ErrorList id={`${id}-key-errors`} errors={errorsOf('key')} />}
          </Flex>
        ) : null}

        {showCommunity ? (
          <Flex direction="column" gap="1">
            <Text as="label" size="2" htmlFor={ids.community}>
              Community
            </Text>
            <select
              id={ids.community}
              name={field('communityKey')}
              className="form-control"
              value={communityKey}
              onChange={(event) => {
                setCommunityKey(event.currentTarget.value);
                setTarget('');
              }}
              aria-invalid={errorsOf('communityKey') ? true : undefined}
              aria-describedby={described('communityKey')}
            >
              <option value="">Choose a community</option>
              {targets.communities.map((community) => (
                <option key={community.key} value={community.key}>
                  {community.title}
                </option>
              ))}
            </select>
            <ErrorList id={`${id}-communityKey-errors`} errors={errorsOf('communityKey')} />
          </Flex>
        ) : !several && targets.communities[0] ? (
          <input type="hidden" name={field('communityKey')} value={targets.communities[0].key} />
        ) : null}

        {showTarget ? (
          <Flex direction="column" gap="1">
            <Text as="label" size="2" htmlFor={ids.target}>
              {hydrated && isTargetAction(action) ? ACTION_LABELS[action] : 'Item to open'}
            </Text>
            <select
              id={ids.target}
              name={field('target')}
              className="form-control"
              value={target}
              onChange={(event) => setTarget(event.currentTarget.value)}
              aria-invalid={errorsOf('key') && isTargetAction(action) ? true : undefined}
              aria-describedby={described('key', hydrated ? undefined : `${id}-target-hint`, isTargetAction(action))}
            >
              <option value="">Choose…</option>
              {currentMissing && current && (!hydrated || current.action === action) ? (
                <option value={initialTarget}>{`${current.key} (no longer found)`}</option>
              ) : null}
              {groups.map((group) => (
                <optgroup key={group.action} label={ACTION_LABELS[group.action]}>
                  {group.targets.map((entry) => (
                    <option key={`${entry.community}/${entry.key}`} value={targetOptionValue(group.action, entry.community, entry.key)}>
                      {several && !(hydrated && communityKey) ? `${communityTitle(entry.community)}: ${entry.title}` : entry.title}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            {hydrated ? null : (
              <Text id={`${id}-target-hint`} size="1" color="gray">
                For the other actions: choose an item of the chosen action.
              </Text>
            )}
            {hydrated && isTargetAction(action) && groups.every((group) => group.targets.length === 0) ? (
              <Text size="1" color="gray" role="status">
                {`No ${ACTION_LABELS[action].toLowerCase()} to choose from${communityKey ? ' in this community' : ''}.`}
              </Text>
            ) : null}
            {isTargetAction(action) ? <ErrorList id={`${id}-key-errors`} errors={errorsOf('key')} /> : null}
          </Flex>
        ) : null}

        {showWebview ? (
          <Flex direction="column" gap="1">
            <label className="form-check" htmlFor={ids.webview}>
              <input
                id={ids.webview}
                type="checkbox"
                name={field('webview')}
                checked={webview}
                onChange={(event) => setWebview(event.currentTarget.checked)}
                aria-describedby={hydrated ? undefined : `${id}-webview-hint`}
              />
              <Text size="2">Open in web view</Text>
            </label>
            {hydrated ? null : (
              <Text id={`${id}-webview-hint`} size="1" color="gray">
                For the Website, File and Form actions.
              </Text>
            )}
          </Flex>
        ) : null}
        <ErrorList errors={errorsOf('params')} />
      </Flex>
    </fieldset>
  );
}

/** The community a stored target lives in: the stored one, else the only community that has it. */
function targetCommunity(targets: ActionTargets, value: ActionFormValue): string {
  if (value.communityKey !== '') return value.communityKey;
  if (!isTargetAction(value.action)) return '';
  const found = (targets.byAction[value.action] ?? []).find((entry) => entry.key === value.key);
  return found?.community ?? targets.communities[0]?.key ?? '';
}

/** The optgroups of the target select: every record action, or (with JavaScript) the chosen one in the chosen community. */
function targetGroups(
  targets: ActionTargets,
  actions: readonly TargetActionKind[],
  chosen: ActionKind | '',
  community: string,
): Array<{ action: TargetActionKind; targets: ActionTarget[] }> {
  const shown = chosen === '' ? actions : actions.filter((kind) => kind === chosen);
  return shown.map((kind) => ({
    action: kind,
    targets: (targets.byAction[kind] ?? []).filter((entry) => community === '' || entry.community === community),
  }));
}
