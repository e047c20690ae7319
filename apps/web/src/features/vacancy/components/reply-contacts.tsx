import type { ResumeContacts } from '@hr/contract';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconBrandTelegram, IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const handle = (value: string) => value.replace(/^https?:\/\/t\.me\//i, '').replace(/^@/, '');

function Line({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <span aria-hidden style={{ color: '#6b7684', marginTop: 2 }}>
        {icon}
      </span>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {children}
        </Text>
      </div>
    </Group>
  );
}

/**
 * The candidate's contacts: free for the vacancy's team when the candidate replied; an invited club
 * resume's contacts open on its resume page, as any resume's do (null here until then).
 */
export function ReplyContacts({ contacts, resumeHash }: { contacts: ResumeContacts | null; resumeHash: string }) {
  if (!contacts) {
    return (
      <Text size="sm" c="dimmed">
        Контакты приглашённого кандидата открываются на{' '}
        <Anchor component={Link} to={`/resume/${resumeHash}`}>
          странице резюме
        </Anchor>
        .
      </Text>
    );
  }
  const none = (
    <Text span size="sm" c="dimmed" fw={400}>
      не указан
    </Text>
  );
  return (
    <Stack gap="sm" role="group" aria-label="Контакты кандидата">
      <Line icon={<IconPhone size={18} stroke={1.6} />} label="Телефон">
        {contacts.phone ? <Anchor href={`tel:${contacts.phone.replace(/[^\d+]/g, '')}`}>{contacts.phone}</Anchor> : none}
      </Line>
      <Line icon={<IconMail size={18} stroke={1.6} />} label="E-mail">
        {contacts.email ? <Anchor href={`mailto:${contacts.email}`}>{contacts.email}</Anchor> : none}
      </Line>
      {contacts.telegram ? (
        <Line icon={<IconBrandTelegram size={18} stroke={1.6} />} label="Telegram">
          <Anchor href={`https://t.me/${handle(contacts.telegram)}`} target="_blank" rel="noopener noreferrer">
            @{handle(contacts.telegram)}
          </Anchor>
        </Line>
      ) : null}
    </Stack>
  );
}
