import { Text } from '@mantine/core';
import { isSavedMessage } from './use-admin-action';

/** 'Saved' in green as a status; every other text in red as an alert (SPEC.md §8 "Admin"). */
export function AdminMessage({ message }: { message: string | null }) {
  if (!message) return null;
  const saved = isSavedMessage(message);
  return (
    <Text size="sm" c={saved ? 'green' : 'red'} role={saved ? 'status' : 'alert'}>
      {message}
    </Text>
  );
}
