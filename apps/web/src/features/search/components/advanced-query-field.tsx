import { Code, Text, Textarea } from '@mantine/core';

type AdvancedQueryFieldProps = { value: string; onChange: (value: string) => void; error?: string };

/** spec_search: AND/OR/NOT, parentheses, quotes and the company:/position:/skill: prefixes. */
export function AdvancedQueryField({ value, onChange, error }: AdvancedQueryFieldProps) {
  return (
    <Textarea
      label="Расширенный запрос"
      placeholder='(рекрутер OR "HR-менеджер") AND company:Сбербанк NOT стажёр'
      autosize
      minRows={1}
      maxRows={4}
      maxLength={1000}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={(event) => {
        // Enter searches (as in the words field); Shift+Enter breaks the line.
        if (event.key === 'Enter' && !event.shiftKey) {
          event.preventDefault();
          event.currentTarget.form?.requestSubmit();
        }
      }}
      error={error}
      description={
        <Text span size="xs" c="dimmed">
          Операторы <Code>AND</Code> <Code>OR</Code> <Code>NOT</Code> (или И, ИЛИ, НЕ), скобки, точная фраза в кавычках <Code>"…"</Code>,
          префиксы <Code>company:</Code> <Code>position:</Code> <Code>skill:</Code> — например, бывший работодатель:{' '}
          <Code>company:Яндекс</Code>.
        </Text>
      }
      classNames={{ input: 'advanced-query__input' }}
    />
  );
}
