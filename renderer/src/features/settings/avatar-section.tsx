// Profile Picture: choose an image, see it in place, then upload it (it overwrites the old one) and point the
// profile at it; upload errors show their message (SPEC.md §2, §8).
import { Alert, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { OwnProfile } from '@shared/api/profiles';
import { AVATAR_CONTENT_TYPES } from '@shared/avatar';
import { UserAvatar } from '../../components/user-avatar';
import { useBackend } from '../../platform/backend-context';
import { messageOf } from '../../platform/errors';
import { profileQueryKey } from '../../session/session-context';
import { SettingsCard } from './settings-card';

/** The file picker offers what the server accepts (shared/avatar.ts). */
export const AVATAR_TYPES = AVATAR_CONTENT_TYPES.join(',');

export function AvatarSection({ profile }: { profile: OwnProfile }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // Each preview URL is released when it is replaced or the page closes.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  function choose(next: File | null) {
    setFailure(null);
    setFile(next);
    setPreview(next ? URL.createObjectURL(next) : null);
  }

  async function upload() {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const publicUrl = await backend.uploadAvatar(file);
      // Same object path every time: the version makes browsers fetch the new picture.
      const updated = await backend.sf('update-profile', { avatar_url: `${publicUrl}?t=${Date.now()}` });
      queryClient.setQueryData(profileQueryKey(profile.id), updated);
      choose(null);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsCard title="Profile Picture">
      <Group gap="lg" align="center" wrap="wrap">
        <UserAvatar
          username={profile.username}
          avatarUrl={preview ?? profile.avatar_url}
          size={96}
          radius={96}
          data-testid="avatar-preview"
        />
        <Stack gap="xs">
          {file ? (
            <>
              <Text size="sm">Preview of {file.name}</Text>
              <Group gap="xs">
                <Button onClick={() => void upload()} loading={busy}>
                  Upload
                </Button>
                <Button variant="default" onClick={() => choose(null)} disabled={busy}>
                  Cancel
                </Button>
              </Group>
            </>
          ) : (
            <FileButton onChange={choose} accept={AVATAR_TYPES}>
              {(props) => (
                <Button variant="light" {...props}>
                  Choose picture
                </Button>
              )}
            </FileButton>
          )}
          <Text size="xs" c="dimmed">
            PNG, JPEG or WebP, up to 2 MB.
          </Text>
        </Stack>
      </Group>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
    </SettingsCard>
  );
}
