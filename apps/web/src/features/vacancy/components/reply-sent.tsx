import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

/**
 * What the applicant sees once the reply went: said once, in place of the form. On a phone the
 * form was long and the page shrinks under it, so the confirmation is scrolled into view below the
 * sticky header (its scroll-margin) and focused, so a screen reader reads it at once.
 */
export function ReplySent({ email }: { email: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    node.focus({ preventScroll: true });
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    node.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  }, []);
  return (
    <Stack
      ref={ref}
      component="section"
      tabIndex={-1}
      aria-labelledby="reply-sent-title"
      align="center"
      gap="sm"
      ta="center"
      py="lg"
      className="reply-sent"
      data-testid="reply-sent"
    >
      <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden>
        <IconCircleCheck size={30} stroke={1.6} />
      </ThemeIcon>
      <Title order={2} fz={22} id="reply-sent-title">
        Отклик отправлен
      </Title>
      <Text c="#33404f">Работодатель посмотрит его и свяжется с вами по телефону или почте.</Text>
      {email ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Подтверждение отправили на {email}.
        </Text>
      ) : null}
    </Stack>
  );
}
