import { QR_IMAGE_WIDTH } from '@hr/contract/constants';
import { ActionIcon, Alert, Anchor, Button, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useState } from 'react';
import { handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { checkBinding } from '../api/check-binding.ts';
import { TG_TEXT } from '../lib/texts.ts';
import classes from './telegram.module.css';
import { telegramKeys } from '../lib/query-keys.ts';

type TelegramBindPanelProps = {
  /** The bot's deep link with the one-time token. */
  url: string;
  /** «Проверить» found the account bound. */
  onBound: () => void;
  /** Extra buttons next to «Проверить» («Позже» after registration). */
  extraActions?: ReactNode;
};

/** SEED popup 6 body: QR code (200 wide) of the link, the link itself, instructions, «Проверить». */
export function TelegramBindPanel({ url, onBound, extraActions }: TelegramBindPanelProps) {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const check = async () => {
    if (checking) return;
    setChecking(true);
    setProblem(null);
    try {
      const link = await checkBinding();
      if (link === '') {
        await queryClient.invalidateQueries({ queryKey: telegramKeys.all });
        onBound();
      } else {
        setProblem(link === null ? TG_TEXT.notConfigured : TG_TEXT.notBound);
      }
    } catch (error) {
      handleErrorWithoutRedirect(error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="lg">
      <div className={classes.layout}>
        <div className={classes.qr}>
          <QRCodeSVG
            value={url}
            size={QR_IMAGE_WIDTH}
            marginSize={0}
            level="M"
            role="img"
            aria-label="QR-код ссылки на Telegram-бота HR-облака"
            data-testid="telegram-qr"
          />
        </div>
        <Stack gap="sm">
          <ol className={classes.steps}>
            <li>Отсканируйте QR-код камерой телефона или откройте ссылку ниже.</li>
            <li>
              В чате с ботом нажмите <b>«Start»</b> («Запустить»).
            </li>
            <li>
              Вернитесь сюда и нажмите <b>«Проверить»</b>.
            </li>
          </ol>
          <Text size="xs" c="dimmed">
            Если проверка не проходит, напишите в поддержку прямо в чате с ботом — вам помогут.
          </Text>
          <div className={classes.link}>
            <Anchor href={url} target="_blank" rel="noopener noreferrer" className={classes.linkText} data-testid="telegram-link">
              {url}
            </Anchor>
            <CopyButton value={url} timeout={1800}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Скопировано' : 'Скопировать ссылку'} withArrow>
                  <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label="Скопировать ссылку">
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </div>
        </Stack>
      </div>
      {problem ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert" c="#7a3300">
          {problem}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="sm">
        {extraActions}
        <Button
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          rightSection={<IconExternalLink size={16} />}
        >
          Открыть бота
        </Button>
        <Button onClick={() => void check()} loading={checking} leftSection={<IconRefresh size={16} />}>
          Проверить
        </Button>
      </Group>
    </Stack>
  );
}
