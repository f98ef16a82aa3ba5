import { Alert } from '@mantine/core';

/** The refusal of the tab's last call, beside the tab. */
export function TabError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  );
}
