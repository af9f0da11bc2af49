// Recovery codes as they are shown, once (issue 31): the list, with copy and download, and a button that
// says they were put away, after which they are gone from the screen for good.
import { Alert, Button, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';

export const RECOVERY_CODES_HEADING = 'Your recovery codes';
export const RECOVERY_CODES_HINT =
  'Each code signs you in once if you lose your authenticator app. Save them somewhere safe: they are shown only now.';
const DOWNLOAD_NAME = 'shelfwise-recovery-codes.txt';

export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const href = useMemo(() => URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' })), [text]);
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <Alert color="yellow" title={RECOVERY_CODES_HEADING} role="region" aria-label={RECOVERY_CODES_HEADING}>
      <Stack gap="sm">
        <Text size="sm">{RECOVERY_CODES_HINT}</Text>
        <List
          aria-label="Recovery codes"
          listStyleType="none"
          ff="monospace"
          style={{ columns: '2 9rem' }}
          data-testid="recovery-codes"
        >
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group gap="sm" wrap="wrap">
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy codes'}
              </Button>
            )}
          </CopyButton>
          <Button variant="light" component="a" href={href} download={DOWNLOAD_NAME}>
            Download codes
          </Button>
          <Button onClick={onDone}>I have saved my codes</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
