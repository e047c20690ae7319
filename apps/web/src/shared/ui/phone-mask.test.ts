import { formatPhone, isValidPhone, PHONE_MASK, phoneDigits, phoneIntoMask } from '@hr/contract/phone';
import { IMask } from 'react-imask';
import { describe, expect, it } from 'vitest';

/** What PhoneField shows after this is typed or pasted (react-imask runs the same mask). */
const typed = (input: string) => {
  const mask = IMask.createMask({ mask: PHONE_MASK });
  mask.resolve(input);
  return mask.value;
};

describe('the phone mask +7 (000) 000-00-00', () => {
  it('formats ten typed digits', () => {
    expect(typed('9161234567')).toBe('+7 (916) 123-45-67');
  });

  it('formats a number pasted with its +7 and punctuation', () => {
    expect(typed('+7 (916) 123-45-67')).toBe('+7 (916) 123-45-67');
  });

  it('shows a part typed so far, and drops what is not a digit', () => {
    expect(typed('916')).toBe('+7 (916');
    expect(typed('9a1b6-123 45x67')).toBe('+7 (916) 123-45-67');
  });

  it('takes no more than ten digits after +7', () => {
    expect(typed('91612345678999')).toBe('+7 (916) 123-45-67');
  });

  it('gives what the contract reads and writes', () => {
    const shown = typed('9161234567');
    expect(phoneDigits(shown)).toBe('9161234567');
    expect(formatPhone('9161234567')).toBe(shown);
    expect(isValidPhone(shown)).toBe(true);
    expect(isValidPhone(typed('5161234567'))).toBe(false);
    expect(isValidPhone(typed('9161111111'))).toBe(false);
  });
});

describe('digits typed before the mask came alive', () => {
  it('are put into the mask, whole or as far as they go', () => {
    expect(phoneIntoMask('9770609447')).toBe('+7 (977) 060-94-47');
    expect(phoneIntoMask('89770609447')).toBe('+7 (977) 060-94-47');
    expect(phoneIntoMask('+7 977 060 94 47')).toBe('+7 (977) 060-94-47');
    expect(phoneIntoMask('97706')).toBe('+7 (977) 06');
    expect(phoneIntoMask('9')).toBe('+7 (9');
    expect(phoneIntoMask('+7 (')).toBe('');
    expect(isValidPhone(phoneIntoMask('9770609447'))).toBe(true);
  });
});
