// "Sign up" and "Log in" side by side, as pages that invite a signed-out visitor in show them (the landing
// page, signed-out Recommended); the header has its own pair in its own styles.
import { Button, Group } from '@mantine/core';
import type { GroupProps } from '@mantine/core';
import { Link } from 'react-router-dom';

export function JoinButtons(props: GroupProps) {
  return (
    <Group {...props}>
      <Button component={Link} to="/signup">
        Sign up
      </Button>
      <Button component={Link} to="/login" variant="default">
        Log in
      </Button>
    </Group>
  );
}
