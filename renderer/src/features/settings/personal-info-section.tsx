// Personal Information: first name, last name and username through /sf/update-profile ('Username taken'
// on a clash), the e-mail address through the auth provider, which mails a confirmation link to the new
// address (SPEC.md §2, §8). A new address may need the current password first (proof of presence).
import { Alert, Divider, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import type { OwnProfile } from '@shared/api/profiles';
import { usePasswordConfirmation } from '../../components/confirm-password-dialog';
import type { AuthUser } from '../../platform/backend';
import { useBackend } from '../../platform/backend-context';
import { SfError, messageOf } from '../../platform/errors';
import { profileQueryKey } from '../../session/session-context';
import { EditableField } from './editable-field';
import { SettingsCard } from './settings-card';

export const USERNAME_TAKEN_MESSAGE = 'Username taken';
export const EMAIL_CHANGE_SENT_MESSAGE = 'Check your new email address for a link to confirm the change.';

type FieldKey = 'first_name' | 'last_name' | 'username' | 'email';

const FIELDS: { key: FieldKey; label: string; autoComplete: string }[] = [
  { key: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { key: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { key: 'username', label: 'Username', autoComplete: 'username' },
  { key: 'email', label: 'Email', autoComplete: 'email' },
];

function profilePatch(key: Exclude<FieldKey, 'email'>, value: string) {
  if (key === 'first_name') return { first_name: value };
  if (key === 'last_name') return { last_name: value };
  return { username: value };
}

function profileErrorMessage(error: unknown): string {
  if (error instanceof SfError && (error.code === 'username_taken' || error.status === 409)) {
    return USERNAME_TAKEN_MESSAGE;
  }
  return messageOf(error);
}

export function PersonalInfoSection({ user, profile }: { user: AuthUser; profile: OwnProfile }) {
  const backend = useBackend();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<FieldKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const confirmation = usePasswordConfirmation();

  const valueOf = (key: FieldKey) => (key === 'email' ? (user.email ?? '') : (profile[key] ?? ''));

  async function save(key: FieldKey, raw: string): Promise<string | null> {
    const value = raw.trim();
    try {
      if (key === 'email') {
        if (value !== user.email) {
          const changed = await confirmation.run((current_password) =>
            backend.updateUser(current_password ? { email: value, current_password } : { email: value }),
          );
          // Cancelled at the password: the field stays open with what was typed.
          if (changed === null) return null;
          setNotice(EMAIL_CHANGE_SENT_MESSAGE);
        }
      } else {
        const updated = await backend.sf('update-profile', profilePatch(key, value));
        queryClient.setQueryData(profileQueryKey(user.id), updated);
        if (key !== 'username') {
          // The auth user's display name follows the profile (SPEC.md §7 "update user ... metadata").
          const displayName = [updated.first_name, updated.last_name].filter(Boolean).join(' ');
          backend
            .updateUser({ data: { display_name: displayName } })
            .catch((error: unknown) => console.warn('Display name not updated:', error));
        }
      }
      setEditing(null);
      return null;
    } catch (error) {
      return profileErrorMessage(error);
    }
  }

  return (
    <SettingsCard title="Personal Information">
      <Stack gap={0}>
        {FIELDS.map(({ key, label, autoComplete }, index) => (
          <Fragment key={key}>
            {index > 0 && <Divider />}
            <EditableField
              label={label}
              value={valueOf(key)}
              hint={
                key === 'email' && user.pendingEmail ? `Waiting for confirmation: ${user.pendingEmail}` : null
              }
              type={key === 'email' ? 'email' : 'text'}
              autoComplete={autoComplete}
              editing={editing === key}
              locked={editing !== null && editing !== key}
              onEdit={() => {
                setNotice(null);
                setEditing(key);
              }}
              onCancel={() => setEditing(null)}
              onSave={(value) => save(key, value)}
            />
          </Fragment>
        ))}
      </Stack>
      {notice && (
        <Alert color="teal" role="status" mt="sm">
          {notice}
        </Alert>
      )}
      {confirmation.dialog}
    </SettingsCard>
  );
}
