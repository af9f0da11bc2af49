import { Text } from '@mantine/core';

/** Main saved another server and is starting the app again on it. */
export function RestartingNotice({ serverUrl }: { serverUrl: string }) {
  return <Text role="status">Shelfwise is restarting to use {serverUrl}.</Text>;
}
