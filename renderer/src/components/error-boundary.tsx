import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

interface State {
  error: Error | null;
}

interface Props {
  children: ReactNode;
  /** A new value (the next page's path) clears a caught error. */
  resetKey: string;
}

/** Catches a page that fails to render or whose code fails to load, so the navigation stays usable. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A page failed:', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title="Something went wrong.">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{this.state.error.message}</Text>
            <Button variant="light" color="red" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
}
