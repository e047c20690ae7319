import type { ResumeFull } from '@hr/contract';
import { Button, Divider, Paper, Stack } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ContactsPanel } from './contacts-panel.tsx';

type ResumeAsideProps = { resume: ResumeFull; favourite?: ReactNode };

/** The actions beside the resume: favourite with a note, contacts, print. */
export function ResumeAside({ resume, favourite }: ResumeAsideProps) {
  return (
    <Paper withBorder radius="lg" p="lg" className="resume-aside no-print" component="aside" aria-label="Действия с резюме">
      <Stack gap="md">
        {favourite}
        {favourite ? <Divider /> : null}
        <ContactsPanel
          hash={resume.hash}
          canOpen={resume.permissions.can_open_contacts}
          opened={resume.contacts_opened}
          contacts={resume.contacts}
        />
        <Divider />
        <Button variant="default" fullWidth leftSection={<IconPrinter size={18} stroke={1.6} />} onClick={() => window.print()}>
          Распечатать
        </Button>
      </Stack>
    </Paper>
  );
}
