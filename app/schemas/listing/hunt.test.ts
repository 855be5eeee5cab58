import { describe, expect, it } from 'vitest';
import {
  ANSWER_NOT_A_CHOICE,
  CHOICES_REQUIRED,
  HuntSchema,
  INVALID_STEP_KEY,
  PAR_REQUIRED,
  STEP_TYPE_REQUIRED,
  huntToForm,
  huntToRecord,
  parseParList,
  stepKeyTaken,
} from './hunt';
import { TITLE_REQUIRED } from './shared';
import { errorsOf, valueOf } from './testing';

describe('a hunt', () => {
  it('needs a title, and every step a title and a type', () => {
    expect(errorsOf(HuntSchema, { 'steps[0].type': 'nonsense' })).toEqual({
      title: [TITLE_REQUIRED],
      'steps[0].title': [TITLE_REQUIRED],
      'steps[0].type': [STEP_TYPE_REQUIRED],
    });
  });

  it('keys a step from its title when its key is empty; keys are valid and unique', () => {
    const value = valueOf(HuntSchema, { title: 'Walk', 'steps[0].title': 'Big White Pine', 'steps[0].type': 'photo' });
    expect(value.steps[0]?.key).toBe('big-white-pine');
    expect(
      errorsOf(HuntSchema, {
        title: 'Walk',
        'steps[0].title': 'A',
        'steps[0].type': 'scan',
        'steps[0].key': 'a/b',
        'steps[1].title': 'B',
        'steps[1].type': 'scan',
        'steps[1].key': 'same',
        'steps[2].title': 'C',
        'steps[2].type': 'photo',
        'steps[2].key': 'same',
      }),
    ).toEqual({ 'steps[0].key': [INVALID_STEP_KEY], 'steps[2].key': [stepKeyTaken('same')] });
  });

  it('asks a golf step for the par of each hole', () => {
    expect(parseParList('3, 4, 3')).toEqual([3, 4, 3]);
    expect(parseParList('3\n4')).toEqual([3, 4]);
    for (const bad of ['', 'three', '0', '3, 21', Array(19).fill('3').join(',')]) expect(parseParList(bad), bad).toBeNull();
    expect(errorsOf(HuntSchema, { title: 'Golf', 'steps[0].title': 'Round', 'steps[0].type': 'golf', 'steps[0].par': '3, x' })).toEqual({
      'steps[0].par': [PAR_REQUIRED],
    });
  });

  it('asks a multiple choice step for two choices, its answer one of them', () => {
    const base = { title: 'Quiz', 'steps[0].title': 'Bird', 'steps[0].type': 'multiple_choice_single' };
    expect(errorsOf(HuntSchema, { ...base, 'steps[0].choices': 'Loon' })).toEqual({ 'steps[0].choices': [CHOICES_REQUIRED] });
    expect(errorsOf(HuntSchema, { ...base, 'steps[0].choices': 'Loon\nHeron', 'steps[0].answer': 'Owl' })).toEqual({
      'steps[0].answer': [ANSWER_NOT_A_CHOICE],
    });
  });

  it('stores each step with what its type uses, and round-trips a stored hunt', () => {
    const stored = {
      title: 'Hollow Creek Nature Hunt',
      description: '<p>Follow the trail.</p>',
      active: true,
      steps: [
        { key: 'white-pine', type: 'photo', title: 'Big White Pine', description: 'Take a photo.' },
        { key: 'creek-bridges', type: 'answer', title: 'Count the Bridges', answer: '3' },
        { key: 'trail-bird', type: 'multiple_choice_single', title: 'Bird', choices: ['Heron', 'Loon'], answer: 'Loon' },
        { key: 'mini-golf', type: 'golf', title: 'Mini Golf', par: [2, 3, 3] },
      ],
    };
    const form = huntToForm(stored) as Record<string, unknown>;
    const entries: Record<string, string> = { title: String(form.title), description: String(form.description), active: 'on' };
    (form.steps as Array<Record<string, string>>).forEach((row, index) => {
      for (const [field, text] of Object.entries(row)) if (text !== '') entries[`steps[${index}].${field}`] = text;
    });
    expect(huntToRecord(valueOf(HuntSchema, entries))).toEqual(stored);
    // A photo step keeps no answer, whatever was typed.
    const photo = huntToRecord(
      valueOf(HuntSchema, { title: 'H', 'steps[0].title': 'P', 'steps[0].type': 'photo', 'steps[0].answer': '3' }),
    );
    expect(photo.steps).toEqual([{ key: 'p', type: 'photo', title: 'P' }]);
  });
});
