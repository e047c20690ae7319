import { TEMPLATE_KIND_TITLES, TEMPLATE_MSG } from '@hr/contract';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { handleErrorWithRedirect, handleErrorWithoutRedirect } from '@/shared/api/error-handlers.ts';
import { showConfirmDialog } from '@/shared/ui/dialogs.tsx';
import { EmptyState } from '@/shared/ui/empty-state.tsx';
import { PageSection } from '@/shared/ui/page-section.tsx';
import { PlaceholderText } from './placeholder-text.tsx';
import { type EditorStart, emptyTemplate, startFrom, TemplateEditor } from './template-editor.tsx';
import { type MessageTemplate, useDeleteTemplate, useTemplates } from './templates-api.ts';
import './templates.css';

/** /vacancy/templates: the club's templates, the member's own and the team's shared ones; write, change, delete. */
export function TemplatesPage() {
  const list = useTemplates();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<EditorStart | null>(null);

  useEffect(() => {
    if (list.error) handleErrorWithRedirect(list.error);
  }, [list.error]);

  const askDelete = (t: MessageTemplate) =>
    showConfirmDialog({
      title: 'Удалить шаблон?',
      children: (
        <Text size="sm">
          Шаблон «{t.name}» исчезнет{t.shared ? ' и у коллег' : ''}. Письма, уже отправленные по нему, останутся в истории откликов.
        </Text>
      ),
      confirmLabel: 'Удалить',
      cancelLabel: 'Отмена',
      onConfirm: () =>
        remove.mutate(t.id, {
          onSuccess: () => notifications.show({ message: `${TEMPLATE_MSG.deleted}: «${t.name}»` }),
          onError: (failure) => handleErrorWithoutRedirect(failure),
        }),
    });

  const items = list.data ?? [];
  const club = items.filter((t) => t.owner === null);
  const own = items.filter((t) => t.own);
  const team = items.filter((t) => t.owner !== null && !t.own);
  const card = (t: MessageTemplate) => (
    <TemplateCard
      key={t.id}
      template={t}
      onEdit={() => setEditing(startFrom(t, false))}
      onCopy={() => setEditing(startFrom(t, true))}
      onDelete={() => askDelete(t)}
    />
  );

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <Stack gap="md" role="status" aria-busy="true" aria-label="Загружаем шаблоны">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={110} radius="md" />
        ))}
      </Stack>
    );
  } else if (!list.data) {
    content = (
      <EmptyState
        icon={IconMail}
        title="Не удалось загрузить шаблоны"
        text="Проверьте подключение к интернету и попробуйте ещё раз."
        action={
          <Button onClick={() => void list.refetch()} loading={list.isFetching}>
            Повторить
          </Button>
        }
      />
    );
  } else {
    content = (
      <Stack gap="xl">
        <TemplateGroup title="Шаблоны клуба">{club.map(card)}</TemplateGroup>
        <TemplateGroup title="Мои">
          {own.length ? (
            own.map(card)
          ) : (
            <EmptyState
              icon={IconMail}
              headingLevel={3}
              title="Своих шаблонов пока нет"
              text="Напишите свой или сделайте копию шаблона клуба и поправьте её. Шаблон можно показать команде."
              action={
                <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(emptyTemplate)}>
                  Новый шаблон
                </Button>
              }
            />
          )}
        </TemplateGroup>
        {team.length ? <TemplateGroup title="Команды">{team.map(card)}</TemplateGroup> : null}
      </Stack>
    );
  }

  return (
    <PageSection
      title="Шаблоны писем кандидатам"
      subtitle="Письма для приглашения, отказа и благодарности за отклик. Имя кандидата, вакансия и дата интервью подставятся сами; перед отправкой текст можно поправить."
      size="md"
    >
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(emptyTemplate)}>
          Новый шаблон
        </Button>
      </Group>
      {content}
      <TemplateEditor start={editing} onClose={() => setEditing(null)} />
    </PageSection>
  );
}

function TemplateGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

type TemplateCardProps = { template: MessageTemplate; onEdit: () => void; onCopy: () => void; onDelete: () => void };

function TemplateCard({ template: t, onEdit, onCopy, onDelete }: TemplateCardProps) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={t.name}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {t.name}
          </Text>
          <Group gap={4} wrap="nowrap">
            <Badge variant="light" color="gray">
              {TEMPLATE_KIND_TITLES[t.kind]}
            </Badge>
            {t.own && t.shared ? (
              <Badge variant="light" color="teal">
                Видит команда
              </Badge>
            ) : null}
          </Group>
        </Group>
        {t.owner && !t.own ? (
          <Text size="xs" c="dimmed">
            Автор: {`${t.owner.name} ${t.owner.family}`.trim()}
          </Text>
        ) : null}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span c="dimmed" size="sm">
            Тема:{' '}
          </Text>
          <PlaceholderText text={t.subject} />
        </Text>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          <PlaceholderText text={t.body} />
        </Text>
        <Group gap="xs" mt={4}>
          {t.own ? (
            <>
              <Button size="compact-sm" variant="light" onClick={onEdit} aria-label={`Изменить шаблон «${t.name}»`}>
                Изменить
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" onClick={onDelete} aria-label={`Удалить шаблон «${t.name}»`}>
                Удалить
              </Button>
            </>
          ) : (
            <Button size="compact-sm" variant="light" onClick={onCopy} aria-label={`Сделать копию шаблона «${t.name}»`}>
              Сделать копию
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
