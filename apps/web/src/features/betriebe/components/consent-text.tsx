import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ConsentText as Consent } from '@streckenpass/contract/betrieb-consent';
import { IconCheck, IconX } from '@tabler/icons-react';

/**
 * The consent of a membership as the server states it (issue 28): what the Betrieb sees, what it records about the
 * member (from version 2), what it never sees, how the membership works. The same text on the join page, the founding form and "Meine Betriebe".
 */
export function ConsentText({ consent, headingOrder = 2 }: { consent: Consent; headingOrder?: 2 | 3 }) {
  const item = (text: string, shared: boolean) => (
    <List.Item
      key={text}
      icon={
        <ThemeIcon size="sm" radius="xl" variant="light" color={shared ? 'blue' : 'gray'}>
          {shared ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
        </ThemeIcon>
      }
    >
      {text}
    </List.Item>
  );
  return (
    <Stack gap="sm">
      <Title order={headingOrder} size="h4">
        {consent.title}
      </Title>
      <Text>{consent.intro}</Text>
      <List spacing="xs" aria-label="Was der Betrieb sieht">
        {consent.shared.map((text) => item(text, true))}
      </List>
      {consent.recorded && (
        <>
          <Text fw={600}>Was der Betrieb über Sie festhält:</Text>
          <List spacing="xs" aria-label="Was der Betrieb festhält">
            {consent.recorded.map((text) => item(text, true))}
          </List>
        </>
      )}
      <Text fw={600}>Nie sichtbar für den Betrieb:</Text>
      <List spacing="xs" aria-label="Was der Betrieb nie sieht">
        {consent.notShared.map((text) => item(text, false))}
      </List>
      {consent.terms.map((text) => (
        <Text key={text} size="sm">
          {text}
        </Text>
      ))}
      <Text size="xs" c="dimmed">
        Fassung {consent.version} der Einwilligung
      </Text>
    </Stack>
  );
}
