import type { ReviewRequestPublic } from '@hr/contract';
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconMessagePlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { reviewKeys } from '../api/review-keys.ts';
import { DeclineDialog } from '../components/decline-dialog.tsx';
import { PublicCard, PublicFrame, PublicRequestSummary, requesterNameOf } from '../components/public-request-card.tsx';
import { PublicRequestState } from '../components/public-request-state.tsx';
import { PublicRequestGate } from '../components/public-request-gate.tsx';
import '../review.css';

/** `/review/request/{id}` (public): who asks about whom, «Оставить отзыв» or «Отказаться». */
export function ReviewRequestPage() {
  const { id = '' } = useParams();
  return (
    <PublicFrame>
      <PublicRequestGate id={id}>{(request) => <PendingRequest request={request} />}</PublicRequestGate>
    </PublicFrame>
  );
}

function PendingRequest({ request }: { request: ReviewRequestPublic }) {
  const client = useQueryClient();
  const [declining, setDeclining] = useState(false);
  const [declinedNow, setDeclinedNow] = useState(false);

  if (declinedNow) {
    return (
      <PublicCard>
        <PublicRequestState kind="declined_now" />
      </PublicCard>
    );
  }

  return (
    <PublicCard>
      <Stack gap="lg">
        <Stack gap={6}>
          <Badge variant="light" color="brand" radius="sm" w="fit-content">
            Запрос рекомендации
          </Badge>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {requesterNameOf(request)} просит вас рассказать о кандидате
          </Title>
          <Text c="dimmed">
            Участник HR-клуба проверяет рекомендации кандидата, с которым вы работали. Это займёт пару минут, регистрация не нужна.
          </Text>
        </Stack>
        <PublicRequestSummary request={request}>
          {request.message ? (
            <Stack gap={4}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
                Сообщение
              </Text>
              <Text size="sm" className="review-quote">
                {request.message}
              </Text>
            </Stack>
          ) : null}
        </PublicRequestSummary>
        <Text size="xs" c="dimmed">
          Отзыв увидят только участники клуба. Кандидат дал согласие на проверку рекомендаций.
        </Text>
        <Group gap="sm">
          <Button
            component={Link}
            to={`/review/request/${request.id}/send`}
            size="md"
            leftSection={<IconMessagePlus size={19} aria-hidden />}
          >
            Оставить отзыв
          </Button>
          <Button variant="default" size="md" onClick={() => setDeclining(true)}>
            Отказаться
          </Button>
        </Group>
      </Stack>
      <DeclineDialog
        request={request}
        opened={declining}
        onClose={() => setDeclining(false)}
        onDeclined={(next) => {
          setDeclining(false);
          setDeclinedNow(true);
          client.setQueryData(reviewKeys.publicRequest(request.id), next);
        }}
        onClosedMeanwhile={() => {
          setDeclining(false);
          void client.invalidateQueries({ queryKey: reviewKeys.publicRequest(request.id) });
        }}
      />
    </PublicCard>
  );
}
