import { fillTemplate } from '@hr/contract';
import { describe, expect, it } from 'vitest';
import { insertPlaceholder, letterKindFor, previewOf, sampleValues, templateFor } from './template-text.ts';

describe('template text', () => {
  it('inserts a placeholder at the cursor, over a selection, and puts the caret after it', () => {
    expect(insertPlaceholder('Здравствуйте, !', 14, 14, 'first_name')).toEqual({ text: 'Здравствуйте, {{first_name}}!', caret: 28 });
    expect(insertPlaceholder('Привет, имя', 8, 11, 'first_name')).toEqual({ text: 'Привет, {{first_name}}', caret: 22 });
    expect(insertPlaceholder('', 5, 9, 'member')).toEqual({ text: '{{member}}', caret: 10 });
  });

  it('the preview fills the sample values once, keeps unknown keys, and drops an empty name with its comma', () => {
    const values = sampleValues({ name: 'Ольга', family: 'Смирнова' });
    expect(previewOf('Интервью: {{vacancy}}', 'Здравствуйте, {{first_name}}!\n{{member}} {{unknown}}', values)).toEqual({
      subject: 'Интервью: Менеджер по подбору персонала',
      body: 'Здравствуйте, Анна!\nОльга Смирнова {{unknown}}',
    });
    expect(fillTemplate('{{first_name}}', { first_name: '{{member}}', member: 'X' })).toBe('{{member}}');
    expect(fillTemplate('Здравствуйте, {{first_name}}!', {})).toBe('Здравствуйте!');
    expect(fillTemplate('Интервью {{interview_at}}.', {})).toBe('Интервью —.');
  });

  it('a move starts with the kind of letter that fits, the member’s own template first', () => {
    expect(letterKindFor({ kind: 'rejected', title: 'Отказ' })).toBe('reject');
    expect(letterKindFor({ kind: 'active', title: 'Телефонное интервью' })).toBe('invite');
    expect(letterKindFor({ kind: 'active', title: 'Оффер' })).toBe('thanks');
    expect(letterKindFor(undefined)).toBe('thanks');
    const list = [
      { id: 1, kind: 'reject' as const, own: false, owner: null },
      { id: 2, kind: 'reject' as const, own: false, owner: { id: 5 } },
      { id: 3, kind: 'reject' as const, own: true, owner: { id: 4 } },
      { id: 4, kind: 'thanks' as const, own: false, owner: null },
    ];
    expect(templateFor(list, 'reject')?.id).toBe(3);
    expect(templateFor(list.slice(0, 2), 'reject')?.id).toBe(2);
    expect(templateFor(list, 'thanks')?.id).toBe(4);
    expect(templateFor(list, 'invite')?.id).toBe(1);
  });
});
