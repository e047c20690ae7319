import { describe, expect, it } from 'vitest';
import { importFieldName } from './import-fields.ts';

describe('the import report names fields in Russian', () => {
  it('reads hh.ru paths as an admin says them', () => {
    expect(importFieldName('language[0].level.id')).toBe('Языки, 1-й: уровень');
    expect(importFieldName('contact[0]')).toBe('Контакты, 1-й');
    expect(importFieldName('contact[2].type.id')).toBe('Контакты, 3-й: тип');
    expect(importFieldName('id')).toBe('Код резюме');
    expect(importFieldName('skills')).toBe('О себе');
    expect(importFieldName('gender.id')).toBe('Пол');
    expect(importFieldName('experience[0].start')).toBe('Места работы, 1-е: начало');
    expect(importFieldName('professional_roles[1].id')).toBe('Профессиональные роли, 2-я');
    expect(importFieldName('education.primary[0].name')).toBe('Образование: учебные заведения, 1-е: название');
    expect(importFieldName('first_name/last_name')).toBe('Имя и фамилия');
  });

  it('gives nothing for what it does not know, so the path is shown as it is', () => {
    expect(importFieldName('Должность')).toBeNull();
    expect(importFieldName('unknown_field')).toBeNull();
    expect(importFieldName('language[0].mystery')).toBeNull();
  });
});
