import { z } from 'zod';
import { isValidKey } from '~/lib/db-key';
import { linesOf, nameFromLabel } from './custom-form';
import { TITLE_REQUIRED, checkbox, isRecord, optionalText, requiredText, richText, textOf } from './shared';

/**
 * A scavenger hunt (spec 02 §3 "Hunt"): a title, a description, whether guests can start it,
 * and its steps in order. A step has a title, a type (photo, answer, multiple_choice_single,
 * golf, scan), a key (what its answers are stored under in each entry: a valid database key,
 * unique within the hunt), what it asks, and by type: the expected answer, the choices of a
 * multiple choice step, the par of each hole of a golf step. Isomorphic and pure.
 */

export const STEP_TYPES = ['photo', 'answer', 'multiple_choice_single', 'golf', 'scan'] as const;
export type HuntStepType = (typeof STEP_TYPES)[number];
export const STEP_TYPE_LABELS: Record<HuntStepType, string> = {
  photo: 'Photo',
  answer: 'Answer',
  multiple_choice_single: 'Multiple Choice',
  golf: 'Golf',
  scan: 'Scan',
};

export const MAX_HUNT_STEPS = 100;
export const MAX_STEP_CHOICES = 20;
export const MAX_GOLF_HOLES = 18;
export const MAX_PAR = 20;

export const STEP_TYPE_REQUIRED = 'Choose a step type.';
export const INVALID_STEP_KEY = 'A key cannot contain . $ # [ ] / and is at most 100 characters.';
export const stepKeyTaken = (key: string) => `Another step has the key "${key}"; each key must be unique.`;
export const TOO_MANY_STEPS = `A hunt has at most ${MAX_HUNT_STEPS} steps.`;
export const CHOICES_REQUIRED = 'List at least two choices, one a line.';
export const TOO_MANY_CHOICES = `At most ${MAX_STEP_CHOICES} choices.`;
export const ANSWER_NOT_A_CHOICE = 'The correct answer must be one of the choices.';
export const PAR_REQUIRED = `Enter the par of each hole, separated by commas (such as 3, 4, 3), at most ${MAX_GOLF_HOLES} holes.`;

/** Pars typed '3, 4, 3' (or one a line): whole numbers from 1 to 20, at most 18 of them; null when not. */
export function parseParList(text: string | undefined): number[] | null {
  const parts = (text ?? '')
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0 || parts.length > MAX_GOLF_HOLES) return null;
  const pars = parts.map((part) => (/^\d{1,2}$/.test(part) ? Number(part) : NaN));
  return pars.every((par) => Number.isInteger(par) && par >= 1 && par <= MAX_PAR) ? pars : null;
}

/** A stored par (a list of holes, or one number) as the editor's text. */
export function parText(par: unknown): string {
  if (Array.isArray(par)) return par.map(textOf).filter(Boolean).join(', ');
  return textOf(par);
}

const StepRowSchema = z.object({
  title: requiredText(TITLE_REQUIRED, 200),
  type: z.enum(STEP_TYPES, { errorMap: () => ({ message: STEP_TYPE_REQUIRED }) }),
  key: z.string().trim().max(100, INVALID_STEP_KEY).optional(),
  description: optionalText(2000),
  answer: optionalText(500),
  choices: z.string().max(5000, TOO_MANY_CHOICES).optional(),
  par: z.string().max(200, PAR_REQUIRED).optional(),
});

export type HuntStepRow = z.output<typeof StepRowSchema>;

/** The steps, each keyed (its typed key, else one made from its title), every key valid and unique, golf with its par. */
export const huntStepList = () =>
  z
    .array(StepRowSchema)
    .max(MAX_HUNT_STEPS, TOO_MANY_STEPS)
    .optional()
    .transform((rows) => (rows ?? []).map((row, index) => ({ ...row, key: row.key || nameFromLabel(row.title, `step-${index + 1}`) })))
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        if (!isValidKey(row.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: INVALID_STEP_KEY });
        else if (seen.has(row.key)) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: stepKeyTaken(row.key) });
        seen.add(row.key);
        if (row.type === 'golf' && parseParList(row.par) === null)
          ctx.addIssue({ code: 'custom', path: [index, 'par'], message: PAR_REQUIRED });
        if (row.type === 'multiple_choice_single') {
          const choices = linesOf(row.choices);
          if (choices.length < 2) ctx.addIssue({ code: 'custom', path: [index, 'choices'], message: CHOICES_REQUIRED });
          else if (choices.length > MAX_STEP_CHOICES) ctx.addIssue({ code: 'custom', path: [index, 'choices'], message: TOO_MANY_CHOICES });
          else if (row.answer && !choices.includes(row.answer))
            ctx.addIssue({ code: 'custom', path: [index, 'answer'], message: ANSWER_NOT_A_CHOICE });
        }
      });
    });

export const HuntSchema = z.object({
  title: requiredText(TITLE_REQUIRED, 200),
  description: richText(),
  active: checkbox(),
  steps: huntStepList(),
});

export type HuntInput = z.input<typeof HuntSchema>;
export type HuntValue = z.output<typeof HuntSchema>;

/** A step as stored: what its type uses. */
export function storedStep(row: HuntStepRow & { key: string }): Record<string, unknown> {
  const step: Record<string, unknown> = { key: row.key, type: row.type, title: row.title };
  if (row.description) step.description = row.description;
  if ((row.type === 'answer' || row.type === 'multiple_choice_single') && row.answer) step.answer = row.answer;
  if (row.type === 'multiple_choice_single') step.choices = linesOf(row.choices);
  if (row.type === 'golf') step.par = parseParList(row.par) ?? [];
  return step;
}

/** A stored step as the editor's row. */
export function stepRow(stored: unknown): Record<string, unknown> {
  const step = isRecord(stored) ? stored : {};
  const type = textOf(step.type);
  const choices: unknown[] = Array.isArray(step.choices) ? step.choices : [];
  return {
    title: textOf(step.title),
    type: (STEP_TYPES as readonly string[]).includes(type) ? type : 'answer',
    key: textOf(step.key),
    description: textOf(step.description),
    answer: textOf(step.answer),
    choices: choices.map(textOf).filter(Boolean).join('\n'),
    par: parText(step.par),
  };
}

/** A stored hunt's steps (an array, or an object when it has gaps). */
export function huntSteps(stored: Record<string, unknown>): unknown[] {
  return Array.isArray(stored.steps) ? stored.steps : isRecord(stored.steps) ? Object.values(stored.steps) : [];
}

/** A stored hunt as the editor's form value (its description is HTML). */
export function huntToForm(stored: Record<string, unknown>): HuntInput {
  return {
    title: textOf(stored.title),
    description: textOf(stored.description),
    active: stored.active === false ? undefined : 'on',
    steps: huntSteps(stored).slice(0, MAX_HUNT_STEPS).map(stepRow) as HuntInput['steps'],
  };
}

/** The parsed hunt as stored (over the stored record); the server sanitizes the HTML description. */
export function huntToRecord(value: HuntValue): Record<string, unknown> {
  return {
    title: value.title,
    description: value.description ? value.description : null,
    active: value.active,
    steps: value.steps.map(storedStep),
  };
}
