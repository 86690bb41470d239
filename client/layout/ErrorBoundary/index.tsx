import { Button, Code, Container, Stack, Text, Title } from "@mantine/core";
import { Trans } from "@lingui/react/macro";
import { Component, type ErrorInfo, type ReactNode } from "react";

type Props = { children: ReactNode };
type State = { error: Error | null };

/** Catches render errors of the routes below it and shows SPEC §2's fallback page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Container size="sm" py="xl">
        <Stack>
          <Title order={1}>
            <Trans>Unexpected Application Error!</Trans>
          </Title>
          <Text>
            <Trans>Something went wrong while showing this page. Reload it or go back to the start page.</Trans>
          </Text>
          <Code block>{error.message}</Code>
          <Button component="a" href="/" w="fit-content">
            <Trans>Back to the start page</Trans>
          </Button>
        </Stack>
      </Container>
    );
  }
}
