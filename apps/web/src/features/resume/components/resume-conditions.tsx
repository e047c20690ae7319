import type { ResumeFull } from '@hr/contract';
import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ResumeSection } from './resume-section.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="resume-facts__row">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm">
        {children}
      </Text>
    </div>
  );
}

const titles = (items: readonly { title: string }[]) => items.map((item) => item.title).join(', ');

/** Metro with line colours, employment, schedule, relocation, trips, licences, citizenship, roles. */
export function ResumeConditions({
  resume,
}: {
  resume: Pick<
    ResumeFull,
    'drive' | 'has_car' | 'metro' | 'workingType' | 'schedule' | 'relocation' | 'business_trip' | 'citizenship' | 'roles'
  >;
}) {
  const drive = resume.drive.length > 0 ? `категории ${resume.drive.join(', ')}` : null;
  const licences = [drive, resume.has_car ? 'есть личный автомобиль' : null].filter(Boolean).join('; ');
  return (
    <ResumeSection id="resume-conditions" title="Условия и другое">
      <dl className="resume-facts">
        {resume.metro.length > 0 ? (
          <Row label="Метро">
            <Group component="span" gap={12} wrap="wrap">
              {resume.metro.map((station) => (
                <span key={station.value} className="metro-station">
                  <span className="metro-station__dot" style={{ background: station.color ?? '#8a94a3' }} aria-hidden />
                  {station.title}
                </span>
              ))}
            </Group>
          </Row>
        ) : null}
        {resume.workingType.length > 0 ? <Row label="Занятость">{titles(resume.workingType)}</Row> : null}
        {resume.schedule.length > 0 ? <Row label="График работы">{titles(resume.schedule)}</Row> : null}
        <Row label="Переезд">{resume.relocation.title}</Row>
        {resume.business_trip ? <Row label="Командировки">{resume.business_trip.title}</Row> : null}
        {licences ? <Row label="Водительские права">{licences}</Row> : null}
        {resume.citizenship.length > 0 ? <Row label="Гражданство">{resume.citizenship.join(', ')}</Row> : null}
        {resume.roles.length > 0 ? <Row label="Профессиональные роли">{titles(resume.roles)}</Row> : null}
      </dl>
    </ResumeSection>
  );
}
