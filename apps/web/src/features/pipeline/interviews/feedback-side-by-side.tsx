import { type Interview, RECOMMENDATION_TITLES, type RecommendationValue } from '@hr/contract';
import { Badge, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';

type Feedback = Interview['feedback'][number];

const COLORS: Record<RecommendationValue, string> = { yes: 'teal', maybe: 'yellow', no: 'red' };
const who = (f: Feedback) => `${f.by.name} ${f.by.family}`.trim() || 'Участник';

export function RecommendationBadge({ value }: { value: RecommendationValue }) {
  return (
    <Badge color={COLORS[value]} variant="light" radius="sm" tt="none" fw={600}>
      {RECOMMENDATION_TITLES[value]}
    </Badge>
  );
}

/** The criteria everyone was scored on: the vacancy's, then any a participant scored before they were renamed. */
function criteriaOf(interview: Interview): string[] {
  const extra = interview.feedback.flatMap((f) => Object.keys(f.scores)).filter((c) => !interview.criteria.includes(c));
  return [...interview.criteria, ...new Set(extra)];
}

const average = (values: number[]) =>
  values.length ? (values.reduce((a, b) => a + b, 0) / values.length).toLocaleString('ru-RU', { maximumFractionDigits: 1 }) : '—';

/**
 * Everyone's feedback side by side: a table of criteria × participants where there is room; on a
 * narrow column (a phone, a side panel) a card per participant instead (CSS container query).
 */
export function FeedbackSideBySide({ interview }: { interview: Interview }) {
  const list = interview.feedback;
  if (!list.length) return null;
  const criteria = criteriaOf(interview);
  return (
    <div className="interview-feedback">
      <Table.ScrollContainer minWidth={0} className="interview-feedback__table">
        <Table withTableBorder withColumnBorders verticalSpacing={6} horizontalSpacing="sm" fz="sm">
          <Table.Caption>Оценки участников от 1 до 5</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Критерий</Table.Th>
              {list.map((f) => (
                <Table.Th scope="col" key={f.by.id}>
                  {who(f)}
                </Table.Th>
              ))}
              {list.length > 1 ? <Table.Th scope="col">Среднее</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {criteria.map((c) => (
              <Table.Tr key={c}>
                <Table.Th scope="row" fw={500}>
                  {c}
                </Table.Th>
                {list.map((f) => (
                  <Table.Td key={f.by.id} ta="center">
                    {f.scores[c] ?? (
                      <>
                        <span aria-hidden>—</span>
                        <VisuallyHidden>нет оценки</VisuallyHidden>
                      </>
                    )}
                  </Table.Td>
                ))}
                {list.length > 1 ? (
                  <Table.Td ta="center" fw={600}>
                    {average(list.map((f) => f.scores[c]).filter((v): v is number => typeof v === 'number'))}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th scope="row" fw={500}>
                Рекомендация
              </Table.Th>
              {list.map((f) => (
                <Table.Td key={f.by.id} ta="center">
                  <RecommendationBadge value={f.recommendation} />
                </Table.Td>
              ))}
              {list.length > 1 ? <Table.Td /> : null}
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" fw={500}>
                Комментарий
              </Table.Th>
              {list.map((f) => (
                <Table.Td key={f.by.id} className="interview-feedback__comment">
                  {f.comment ?? (
                    <Text span c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              ))}
              {list.length > 1 ? <Table.Td /> : null}
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" className="interview-feedback__cards">
        {list.map((f) => (
          <Paper key={f.by.id} withBorder radius="md" p="sm" component="article" aria-label={`Отзыв: ${who(f)}`}>
            <Stack gap={6}>
              <Text fw={600} size="sm">
                {who(f)}
              </Text>
              <RecommendationBadge value={f.recommendation} />
              <dl className="interview-feedback__scores">
                {criteria
                  .filter((c) => f.scores[c] != null)
                  .map((c) => (
                    <div key={c}>
                      <dt>{c}</dt>
                      <dd>{f.scores[c]} из 5</dd>
                    </div>
                  ))}
              </dl>
              {f.comment ? (
                <Text size="sm" className="interview-feedback__comment">
                  {f.comment}
                </Text>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </div>
  );
}
