import type { ResumeContacts } from '@hr/contract';
import { Alert, Anchor, Button, Stack, Text, Tooltip } from '@mantine/core';
import { IconAddressBook, IconBrandTelegram, IconMail, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isApiError } from '@/shared/api/api-error.ts';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { useSession } from '@/shared/session/session-store.ts';
import { useQueryClient } from '@tanstack/react-query';
import { contactQuotaQueryKey, useContactQuota } from '../api/get-contact-quota.ts';
import { useOpenContacts } from '../api/open-contacts.ts';

type ContactsPanelProps = {
  hash: string;
  canOpen: boolean;
  opened: boolean;
  /** Already opened by this member: the resume answer carries them. */
  contacts?: ResumeContacts | null;
};

const telegramHandle = (value: string) => value.replace(/^https?:\/\/t\.me\//i, '').replace(/^@/, '');

function ContactLine({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="contact-line">
      <span className="contact-line__icon" aria-hidden>
        {icon}
      </span>
      <div>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text size="sm" fw={600}>
          {children}
        </Text>
      </div>
    </div>
  );
}

function ContactsList({ contacts }: { contacts: ResumeContacts }) {
  const missing = (
    <Text span size="sm" c="dimmed" fw={400}>
      не указан
    </Text>
  );
  return (
    <Stack gap="sm" aria-label="Контакты кандидата" role="group">
      <ContactLine icon={<IconPhone size={18} stroke={1.6} />} label="Телефон">
        {contacts.phone ? <Anchor href={`tel:${contacts.phone.replace(/[^\d+]/g, '')}`}>{contacts.phone}</Anchor> : missing}
      </ContactLine>
      <ContactLine icon={<IconMail size={18} stroke={1.6} />} label="E-mail">
        {contacts.email ? (
          <Anchor href={`mailto:${contacts.email}`} style={{ wordBreak: 'break-all' }}>
            {contacts.email}
          </Anchor>
        ) : (
          missing
        )}
      </ContactLine>
      <ContactLine icon={<IconBrandTelegram size={18} stroke={1.6} />} label="Telegram">
        {contacts.telegram ? (
          <Anchor href={`https://t.me/${telegramHandle(contacts.telegram)}`} target="_blank" rel="noopener noreferrer">
            @{telegramHandle(contacts.telegram)}
          </Anchor>
        ) : (
          missing
        )}
      </ContactLine>
    </Stack>
  );
}

/** «Осталось 27 из 30 сегодня»: the daily limit as the server counts it; nothing for an unlimited account. */
function QuotaLine({ remaining, limit }: { remaining: number | null; limit: number | null }) {
  if (remaining === null || limit === null) return null;
  return (
    <Text size="xs" fw={600} c={remaining > 0 ? 'dark.6' : 'orange.9'} data-testid="contacts-quota">
      Открытия контактов: осталось {remaining} из {limit} сегодня
    </Text>
  );
}

/**
 * «Открыть контакты»: phone, e-mail and Telegram for members with open_contact (PRODUCT 2, 3), and
 * how many first openings are left today (GET /api/user/contact_quota, read again after each opening).
 */
export function ContactsPanel({ hash, canOpen, opened, contacts }: ContactsPanelProps) {
  const { user } = useSession();
  const client = useQueryClient();
  const open = useOpenContacts(hash);
  const quota = useContactQuota(user?.id, canOpen);
  const left = quota.data?.remaining ?? null;
  const limitReached = (isApiError(open.error) && open.error.status === 429) || (left === 0 && !opened);

  const shown = open.data ?? contacts;
  const quotaLine = quota.data ? <QuotaLine remaining={quota.data.remaining} limit={quota.data.limit} /> : null;
  if (shown) {
    return (
      <Stack gap="sm">
        <ContactsList contacts={shown} />
        {quotaLine}
      </Stack>
    );
  }

  const reveal = () =>
    open.mutate(undefined, {
      onError: (error) => {
        if (!(isApiError(error) && error.status === 429)) handleErrorWithoutRedirect(error);
      },
      onSettled: () => void client.invalidateQueries({ queryKey: contactQuotaQueryKey(user?.id) }),
    });

  if (!canOpen) {
    return (
      <Stack gap={6}>
        <Tooltip label="Нужна опция «Контакты кандидатов»" withArrow>
          <span className="contacts-disabled-wrap">
            <Button fullWidth disabled leftSection={<IconAddressBook size={18} stroke={1.6} />} aria-describedby="contacts-why">
              Открыть контакты
            </Button>
          </span>
        </Tooltip>
        <Text size="xs" c="dimmed" id="contacts-why">
          Контакты кандидатов открывают участники с опцией «Контакты кандидатов». Подключить её можно у администратора клуба.
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap={6}>
      <Button
        fullWidth
        variant="light"
        loading={open.isPending}
        disabled={limitReached}
        onClick={reveal}
        leftSection={<IconAddressBook size={18} stroke={1.6} />}
      >
        {opened ? 'Показать контакты' : 'Открыть контакты'}
      </Button>
      {quotaLine}
      {limitReached ? (
        <Alert color="orange" variant="light" role="alert" p="sm">
          <Text size="sm">{open.error?.message || 'Лимит открытия контактов на сегодня исчерпан. Завтра он начнётся заново.'}</Text>
        </Alert>
      ) : (
        <Text size="xs" c="dimmed">
          {opened
            ? 'Вы уже открывали эти контакты — повторно бесплатно.'
            : 'Открытие засчитывается в дневной лимит. Контакты, написанные в тексте резюме, тоже видны после открытия.'}
        </Text>
      )}
    </Stack>
  );
}
